CREATE TABLE "cliente_resumo" (
	"cliente_id" integer PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"saldo_cashback" bigint DEFAULT 0 NOT NULL,
	"saldo_pontos" bigint DEFAULT 0 NOT NULL,
	"filial_origem_id" integer,
	"ultima_compra" date,
	"mes_nascimento" smallint,
	"ativo" boolean NOT NULL,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"dias" date[],
	"qtd_acum" integer[],
	"valor_acum" bigint[]
);
--> statement-breakpoint
CREATE TABLE "cliente_resumo_estado" (
	"empresa_id" integer PRIMARY KEY NOT NULL,
	"carga_ate_cliente" integer DEFAULT 0,
	"marca" timestamp with time zone NOT NULL,
	"dados_de" timestamp with time zone,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cliente_resumo_estado" ADD CONSTRAINT "cliente_resumo_estado_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cliente_resumo_empresa_idx" ON "cliente_resumo" USING btree ("empresa_id","ultima_compra");--> statement-breakpoint
CREATE INDEX "cliente_atualizado_idx" ON "cliente" USING btree ("empresa_id","atualizado_em");--> statement-breakpoint
CREATE INDEX "cliente_consentimento_criado_idx" ON "cliente_consentimento" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "transacao_cancelada_em_idx" ON "transacao" USING btree ("empresa_id","cancelada_em") WHERE "transacao"."cancelada_em" is not null;--> statement-breakpoint
-- Tenant isolation as the other tenant tables (0024).
ALTER TABLE cliente_resumo ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cliente_resumo_tenant ON cliente_resumo TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE cliente_resumo_estado ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cliente_resumo_estado_tenant ON cliente_resumo_estado TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());
