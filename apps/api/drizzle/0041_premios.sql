CREATE TABLE "premio" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nome" varchar(120) NOT NULL,
	"descricao" varchar(1000),
	"foto_arquivo_id" integer,
	"custo_pontos" integer,
	"custo_centavos" bigint,
	"estoque" integer,
	"limite_por_cliente" integer,
	"limite_periodo" varchar(10) DEFAULT 'SEMPRE' NOT NULL,
	"valido_de" date,
	"valido_ate" date,
	"filiais" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premio_estoque_ck" CHECK ("premio"."estoque" is null or "premio"."estoque" >= 0),
	CONSTRAINT "premio_custo_ck" CHECK (coalesce("premio"."custo_pontos", 0) > 0 or coalesce("premio"."custo_centavos", 0) > 0)
);
--> statement-breakpoint
CREATE TABLE "premio_resgate" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"premio_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"filial_id" integer,
	"codigo" varchar(20) NOT NULL,
	"status" varchar(12) DEFAULT 'SOLICITADO' NOT NULL,
	"custo_pontos" integer DEFAULT 0 NOT NULL,
	"custo_centavos" bigint DEFAULT 0 NOT NULL,
	"lancamento_id" integer NOT NULL,
	"estorno_lancamento_id" integer,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"retirado_em" timestamp with time zone,
	"cancelado_em" timestamp with time zone,
	"motivo_cancelamento" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "premio_resgate_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"resgate_id" integer NOT NULL,
	"de" varchar(12),
	"para" varchar(12) NOT NULL,
	"usuario_id" integer,
	"observacao" varchar(200),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "premio" ADD CONSTRAINT "premio_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premio" ADD CONSTRAINT "premio_foto_arquivo_id_arquivo_id_fk" FOREIGN KEY ("foto_arquivo_id") REFERENCES "public"."arquivo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premio_resgate" ADD CONSTRAINT "premio_resgate_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premio_resgate" ADD CONSTRAINT "premio_resgate_premio_id_premio_id_fk" FOREIGN KEY ("premio_id") REFERENCES "public"."premio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premio_resgate" ADD CONSTRAINT "premio_resgate_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premio_resgate" ADD CONSTRAINT "premio_resgate_filial_id_empresa_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premio_resgate" ADD CONSTRAINT "premio_resgate_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premio_resgate_historico" ADD CONSTRAINT "premio_resgate_historico_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premio_resgate_historico" ADD CONSTRAINT "premio_resgate_historico_resgate_id_premio_resgate_id_fk" FOREIGN KEY ("resgate_id") REFERENCES "public"."premio_resgate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premio_resgate_historico" ADD CONSTRAINT "premio_resgate_historico_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "premio_empresa_idx" ON "premio" USING btree ("empresa_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "premio_resgate_codigo_uq" ON "premio_resgate" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE INDEX "premio_resgate_lista_idx" ON "premio_resgate" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "premio_resgate_cliente_idx" ON "premio_resgate" USING btree ("empresa_id","premio_id","cliente_id","criado_em");--> statement-breakpoint
CREATE INDEX "premio_resgate_historico_idx" ON "premio_resgate_historico" USING btree ("resgate_id","id");
--> statement-breakpoint
-- Tenant isolation as the other tenant tables (0024). A redemption is never deleted (its posting points
-- to it) and its status history is append-only.
ALTER TABLE premio ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY premio_tenant ON premio TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE premio_resgate ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY premio_resgate_tenant ON premio_resgate TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE premio_resgate_historico ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY premio_resgate_historico_tenant ON premio_resgate_historico TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
REVOKE DELETE ON premio_resgate FROM bonifica_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON premio_resgate_historico FROM bonifica_app;
