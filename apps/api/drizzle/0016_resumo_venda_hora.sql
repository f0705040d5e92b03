CREATE TABLE "resumo_venda_hora" (
	"empresa_id" integer NOT NULL,
	"hora" timestamp with time zone NOT NULL,
	"filial_id" integer NOT NULL,
	"vendas" integer DEFAULT 0 NOT NULL,
	"valor_centavos" bigint DEFAULT 0 NOT NULL,
	"resgate_centavos" bigint DEFAULT 0 NOT NULL,
	"cashback_centavos" bigint DEFAULT 0 NOT NULL,
	"pontos" bigint DEFAULT 0 NOT NULL,
	"clientes_hll" "bytea",
	"calculado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resumo_venda_hora_pk" PRIMARY KEY("empresa_id","hora","filial_id")
);
