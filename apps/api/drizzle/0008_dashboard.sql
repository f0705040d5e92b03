CREATE TABLE "resumo_venda_dia" (
	"empresa_id" integer NOT NULL,
	"dia" date NOT NULL,
	"filial_id" integer NOT NULL,
	"vendas" integer DEFAULT 0 NOT NULL,
	"valor_centavos" bigint DEFAULT 0 NOT NULL,
	"resgate_centavos" bigint DEFAULT 0 NOT NULL,
	"cashback_centavos" bigint DEFAULT 0 NOT NULL,
	"pontos" bigint DEFAULT 0 NOT NULL,
	"novos_clientes" integer DEFAULT 0 NOT NULL,
	"clientes_hll" "bytea",
	"calculado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resumo_venda_dia_pk" PRIMARY KEY("empresa_id","dia","filial_id")
);
--> statement-breakpoint
CREATE INDEX "cliente_criado_idx" ON "cliente" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "lancamento_outros_idx" ON "lancamento" USING btree ("empresa_id","criado_em") WHERE "lancamento"."tipo" not in ('VENDA', 'ESTORNO');