CREATE TABLE "vale_presente" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"filial_id" integer,
	"codigo" varchar(16) NOT NULL,
	"pin_hash" varchar(200) NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"devolvido_centavos" bigint DEFAULT 0 NOT NULL,
	"comprador_cliente_id" integer,
	"beneficiario_cliente_id" integer,
	"beneficiario_nome" varchar(120),
	"mensagem" varchar(200),
	"valido_ate" date NOT NULL,
	"status" varchar(10) DEFAULT 'ATIVO' NOT NULL,
	"tentativas_pin" smallint DEFAULT 0 NOT NULL,
	"bloqueado_ate" timestamp with time zone,
	"lancamento_id" integer NOT NULL,
	"cancelamento_lancamento_id" integer,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelado_em" timestamp with time zone,
	"cancelado_por_id" integer,
	"motivo_cancelamento" varchar(200),
	CONSTRAINT "vale_presente_valor_ck" CHECK ("vale_presente"."valor_centavos" > 0 and "vale_presente"."devolvido_centavos" >= 0 and "vale_presente"."devolvido_centavos" <= "vale_presente"."valor_centavos")
);
--> statement-breakpoint
CREATE TABLE "vale_presente_uso" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"vale_presente_id" integer NOT NULL,
	"transacao_id" integer NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vale_presente_uso_valor_ck" CHECK ("vale_presente_uso"."valor_centavos" > 0)
);
--> statement-breakpoint
ALTER TABLE "vale_presente" ADD CONSTRAINT "vale_presente_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vale_presente" ADD CONSTRAINT "vale_presente_filial_id_empresa_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vale_presente" ADD CONSTRAINT "vale_presente_comprador_cliente_id_cliente_id_fk" FOREIGN KEY ("comprador_cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vale_presente" ADD CONSTRAINT "vale_presente_beneficiario_cliente_id_cliente_id_fk" FOREIGN KEY ("beneficiario_cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vale_presente" ADD CONSTRAINT "vale_presente_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vale_presente" ADD CONSTRAINT "vale_presente_cancelado_por_id_usuario_id_fk" FOREIGN KEY ("cancelado_por_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vale_presente_uso" ADD CONSTRAINT "vale_presente_uso_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vale_presente_uso" ADD CONSTRAINT "vale_presente_uso_vale_presente_id_vale_presente_id_fk" FOREIGN KEY ("vale_presente_id") REFERENCES "public"."vale_presente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vale_presente_uso" ADD CONSTRAINT "vale_presente_uso_transacao_id_transacao_id_fk" FOREIGN KEY ("transacao_id") REFERENCES "public"."transacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vale_presente_codigo_uq" ON "vale_presente" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "vale_presente_lista_idx" ON "vale_presente" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "vale_presente_validade_idx" ON "vale_presente" USING btree ("empresa_id","valido_ate");--> statement-breakpoint
CREATE INDEX "vale_presente_uso_vale_idx" ON "vale_presente_uso" USING btree ("vale_presente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vale_presente_uso_transacao_uq" ON "vale_presente_uso" USING btree ("transacao_id");--> statement-breakpoint
CREATE INDEX "vale_presente_uso_dia_idx" ON "vale_presente_uso" USING btree ("empresa_id","criado_em");--> statement-breakpoint
-- Tenant isolation as the other tenant tables (0024). A gift card and its uses are never deleted: the
-- card's balance is derived from them and the ledger's postings point to them (decision 039).
ALTER TABLE vale_presente ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY vale_presente_tenant ON vale_presente TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE vale_presente_uso ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY vale_presente_uso_tenant ON vale_presente_uso TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
REVOKE DELETE ON vale_presente FROM bonifica_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON vale_presente_uso FROM bonifica_app;
