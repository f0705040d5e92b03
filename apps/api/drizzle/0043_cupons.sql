CREATE TABLE "cupom_desconto" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"usuario_id" integer,
	"nome" varchar(120) NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"data_criacao" timestamp with time zone DEFAULT now() NOT NULL,
	"data_vencimento" date,
	"vencimento_dia_semana" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"url_compartilhamento" varchar(300),
	"url_curto" varchar(200),
	"token" varchar(24),
	"palavra_chave" varchar(30),
	"whats_app_lote" varchar(1000),
	"beneficio" varchar(16) NOT NULL,
	"percentual_bp" integer,
	"valor_centavos" bigint,
	"compra_minima_centavos" bigint DEFAULT 0 NOT NULL,
	"usos_por_cliente" integer,
	"usos_total" integer,
	"usos" integer DEFAULT 0 NOT NULL,
	"filiais" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"alfabeto" varchar(12) DEFAULT 'ALFANUMERICO' NOT NULL,
	"prefixo" varchar(10) DEFAULT '' NOT NULL,
	"tamanho" smallint DEFAULT 8 NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"codigos_gerados" integer DEFAULT 0 NOT NULL,
	"tarefa_id" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cupom_desconto_usos_ck" CHECK ("cupom_desconto"."usos" >= 0 and ("cupom_desconto"."usos_total" is null or "cupom_desconto"."usos" <= "cupom_desconto"."usos_total"))
);
--> statement-breakpoint
CREATE TABLE "cupom_desconto_codigo" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"cupom_id" integer NOT NULL,
	"codigo" varchar(40) NOT NULL,
	"cliente_id" integer,
	"usos" integer DEFAULT 0 NOT NULL,
	"maximo_usos" integer DEFAULT 1,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cupom_desconto_codigo_usos_ck" CHECK ("cupom_desconto_codigo"."usos" >= 0 and ("cupom_desconto_codigo"."maximo_usos" is null or "cupom_desconto_codigo"."usos" <= "cupom_desconto_codigo"."maximo_usos"))
);
--> statement-breakpoint
CREATE TABLE "cupom_desconto_uso" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"cupom_id" integer NOT NULL,
	"codigo_id" integer,
	"codigo" varchar(40) NOT NULL,
	"transacao_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"filial_id" integer,
	"valor_bruto_centavos" bigint NOT NULL,
	"desconto_centavos" bigint DEFAULT 0 NOT NULL,
	"bonus_centavos" bigint DEFAULT 0 NOT NULL,
	"lancamento_id" integer,
	"estorno_lancamento_id" integer,
	"status" varchar(10) DEFAULT 'USADO' NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelado_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cupom_desconto" ADD CONSTRAINT "cupom_desconto_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_desconto" ADD CONSTRAINT "cupom_desconto_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_desconto_codigo" ADD CONSTRAINT "cupom_desconto_codigo_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_desconto_codigo" ADD CONSTRAINT "cupom_desconto_codigo_cupom_id_cupom_desconto_id_fk" FOREIGN KEY ("cupom_id") REFERENCES "public"."cupom_desconto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_desconto_codigo" ADD CONSTRAINT "cupom_desconto_codigo_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_desconto_uso" ADD CONSTRAINT "cupom_desconto_uso_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_desconto_uso" ADD CONSTRAINT "cupom_desconto_uso_cupom_id_cupom_desconto_id_fk" FOREIGN KEY ("cupom_id") REFERENCES "public"."cupom_desconto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_desconto_uso" ADD CONSTRAINT "cupom_desconto_uso_codigo_id_cupom_desconto_codigo_id_fk" FOREIGN KEY ("codigo_id") REFERENCES "public"."cupom_desconto_codigo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_desconto_uso" ADD CONSTRAINT "cupom_desconto_uso_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cupom_desconto_empresa_idx" ON "cupom_desconto" USING btree ("empresa_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "cupom_desconto_token_uq" ON "cupom_desconto" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "cupom_desconto_palavra_uq" ON "cupom_desconto" USING btree ("empresa_id","palavra_chave") WHERE "cupom_desconto"."palavra_chave" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cupom_desconto_codigo_uq" ON "cupom_desconto_codigo" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "cupom_desconto_codigo_cupom_idx" ON "cupom_desconto_codigo" USING btree ("empresa_id","cupom_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cupom_desconto_uso_transacao_uq" ON "cupom_desconto_uso" USING btree ("empresa_id","transacao_id");--> statement-breakpoint
CREATE INDEX "cupom_desconto_uso_cliente_idx" ON "cupom_desconto_uso" USING btree ("empresa_id","cupom_id","cliente_id");--> statement-breakpoint
CREATE INDEX "cupom_desconto_uso_data_idx" ON "cupom_desconto_uso" USING btree ("empresa_id","criado_em");--> statement-breakpoint
-- Tenant isolation as the other tenant tables (0024). A use of a coupon is never deleted (its sale and
-- its bonus posting point to it); cancelling the sale marks it CANCELADO.
ALTER TABLE cupom_desconto ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cupom_desconto_tenant ON cupom_desconto TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE cupom_desconto_codigo ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cupom_desconto_codigo_tenant ON cupom_desconto_codigo TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE cupom_desconto_uso ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cupom_desconto_uso_tenant ON cupom_desconto_uso TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
REVOKE DELETE ON cupom_desconto_uso FROM bonifica_app;
