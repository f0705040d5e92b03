CREATE TABLE "resumo_venda_pendente" (
	"empresa_id" integer NOT NULL,
	"criado_em" timestamp with time zone NOT NULL,
	"filial_id" integer NOT NULL,
	"vendas" integer DEFAULT 0 NOT NULL,
	"valor_centavos" bigint DEFAULT 0 NOT NULL,
	"resgate_centavos" bigint DEFAULT 0 NOT NULL,
	"cashback_centavos" bigint DEFAULT 0 NOT NULL,
	"pontos" bigint DEFAULT 0 NOT NULL,
	"clientes" integer[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "resumo_venda_pendente_empresa_idx" ON "resumo_venda_pendente" USING btree ("empresa_id","criado_em");--> statement-breakpoint
-- The open day's dashboard figures come from a row per batch of sales, folded into the 5-minute
-- intervals (docs/decisions/018-resumo-do-dia-por-lote.md). Tenant isolation as the other summaries.
ALTER TABLE resumo_venda_pendente ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY resumo_venda_pendente_tenant ON resumo_venda_pendente TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
-- Union of two HyperLogLog sketches (register-wise maximum), for a fold that adds to an interval
-- that already has buyers. NULL stands for the empty sketch.
CREATE FUNCTION hll_unir(a bytea, b bytea) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN a IS NULL THEN b WHEN b IS NULL THEN a ELSE
    (SELECT decode(string_agg(lpad(to_hex(greatest(get_byte(a, i), get_byte(b, i))), 2, '0'), '' ORDER BY i), 'hex')
     FROM generate_series(0, least(length(a), length(b)) - 1) AS i) END
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION hll_unir(bytea, bytea) TO bonifica_app;--> statement-breakpoint
-- For whoever writes sales without the sale path (this migration, the bench generator): the pending
-- rows of the sales created from `p_desde` on (aligned down to a 5-minute interval) are derived again
-- from `transacao`, and the intervals they would add to are dropped — one statement, one snapshot, so
-- a sale committing meanwhile is counted once. NULL company = all of them.
CREATE FUNCTION resumo_venda_pendente_refazer(p_empresa integer, p_desde timestamptz) RETURNS void LANGUAGE sql AS $$
  WITH inicio AS (SELECT date_bin('5 minutes', p_desde, timestamptz '2000-01-01 00:00:00+00') AS t),
  sem_pendentes AS (
    DELETE FROM resumo_venda_pendente WHERE (p_empresa IS NULL OR empresa_id = p_empresa) AND criado_em >= (SELECT t FROM inicio)
  ),
  sem_intervalos AS (
    DELETE FROM resumo_venda_intervalo WHERE (p_empresa IS NULL OR empresa_id = p_empresa) AND inicio >= (SELECT t FROM inicio)
  )
  INSERT INTO resumo_venda_pendente (empresa_id, criado_em, filial_id, vendas, valor_centavos, resgate_centavos, cashback_centavos, pontos, clientes)
  SELECT empresa_id, date_bin('5 minutes', criado_em, timestamptz '2000-01-01 00:00:00+00'), coalesce(filial_id, 0), count(*)::int,
         sum(valor_centavos), sum(resgate_centavos), sum(cashback_centavos), sum(pontos), array_agg(cliente_id)
  FROM transacao
  WHERE (p_empresa IS NULL OR empresa_id = p_empresa) AND criado_em >= (SELECT t FROM inicio)
  GROUP BY 1, 2, 3
$$;--> statement-breakpoint
SELECT resumo_venda_pendente_refazer(NULL, (((now() AT TIME ZONE 'America/Sao_Paulo')::date - 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'));
