ALTER TABLE "cliente_resumo" ADD COLUMN "tem_celular" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cliente_resumo" ADD COLUMN "tem_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cliente_resumo" ADD COLUMN "primeira_compra" date;--> statement-breakpoint
ALTER TABLE "cliente_resumo" ADD COLUMN "qtd_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cliente_resumo" ADD COLUMN "valor_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cliente_email_minusculo_idx" ON "cliente" USING btree ("empresa_id",lower("email"));--> statement-breakpoint
-- The rows already in the summary get the new columns now, from the customer row and from their own arrays
-- (exact: the totals are the arrays' last running totals); later changes come with the job's rounds. The rows are
-- rewritten once: the job's next round vacuums the table (resumo.ts `arrumarResumo`).
UPDATE cliente_resumo r SET tem_celular = c.celular IS NOT NULL, tem_email = c.email IS NOT NULL,
    primeira_compra = r.dias[1],
    qtd_total = coalesce(r.qtd_acum[cardinality(r.qtd_acum)], cardinality(r.dias), 0),
    valor_total = coalesce(r.valor_acum[cardinality(r.valor_acum)], 0)
  FROM cliente c WHERE c.id = r.cliente_id;
