CREATE TABLE "evento_whatsapp" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instancia_id" integer NOT NULL,
	"chave" varchar(200) NOT NULL,
	"corpo" jsonb NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"processado_em" timestamp with time zone,
	"erro" text
);
--> statement-breakpoint
CREATE TABLE "instancia_whatsapp" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer,
	"servidor_id" integer NOT NULL,
	"nome" varchar(80) NOT NULL,
	"estado" varchar(14) DEFAULT 'DESCONECTADA' NOT NULL,
	"numero" varchar(20),
	"qr_code" text,
	"codigo_pareamento" varchar(20),
	"webhook_token_hash" varchar(64) NOT NULL,
	"pareada_em" timestamp with time zone,
	"ultimo_envio_em" timestamp with time zone,
	"ultimo_ack_em" timestamp with time zone,
	"por_minuto" smallint,
	"por_dia" integer,
	"silencio_inicio" varchar(5),
	"silencio_fim" varchar(5),
	"pausada" boolean DEFAULT false NOT NULL,
	"ativa" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lote_mensagem" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nome" varchar(120) NOT NULL,
	"origem" varchar(20) NOT NULL,
	"origem_id" integer,
	"status" varchar(12) DEFAULT 'ATIVO' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mensagem_saida" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"canal" varchar(10) NOT NULL,
	"lote_id" integer,
	"instancia_id" integer,
	"cliente_id" integer,
	"para" varchar(160) NOT NULL,
	"assunto" varchar(200),
	"texto" text NOT NULL,
	"arquivo_id" integer,
	"origem" varchar(20) NOT NULL,
	"origem_id" integer,
	"marketing" boolean DEFAULT false NOT NULL,
	"status" varchar(10) DEFAULT 'FILA' NOT NULL,
	"tentativas" smallint DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"id_gateway" varchar(120),
	"erro" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviando_em" timestamp with time zone,
	"enviada_em" timestamp with time zone,
	"entregue_em" timestamp with time zone,
	"lida_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "servidor_whatsapp" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"base_url" varchar(300) NOT NULL,
	"chave" varchar(200) NOT NULL,
	"capacidade" integer NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"situacao" varchar(10) DEFAULT 'DESCONHECIDA' NOT NULL,
	"ultimo_erro" text,
	"verificado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evento_whatsapp" ADD CONSTRAINT "evento_whatsapp_instancia_id_instancia_whatsapp_id_fk" FOREIGN KEY ("instancia_id") REFERENCES "public"."instancia_whatsapp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instancia_whatsapp" ADD CONSTRAINT "instancia_whatsapp_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instancia_whatsapp" ADD CONSTRAINT "instancia_whatsapp_servidor_id_servidor_whatsapp_id_fk" FOREIGN KEY ("servidor_id") REFERENCES "public"."servidor_whatsapp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_mensagem" ADD CONSTRAINT "lote_mensagem_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_mensagem" ADD CONSTRAINT "lote_mensagem_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagem_saida" ADD CONSTRAINT "mensagem_saida_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagem_saida" ADD CONSTRAINT "mensagem_saida_lote_id_lote_mensagem_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lote_mensagem"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagem_saida" ADD CONSTRAINT "mensagem_saida_instancia_id_instancia_whatsapp_id_fk" FOREIGN KEY ("instancia_id") REFERENCES "public"."instancia_whatsapp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagem_saida" ADD CONSTRAINT "mensagem_saida_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evento_whatsapp_chave_uq" ON "evento_whatsapp" USING btree ("instancia_id","chave");--> statement-breakpoint
CREATE INDEX "evento_whatsapp_pendente_idx" ON "evento_whatsapp" USING btree ("processado_em");--> statement-breakpoint
CREATE INDEX "instancia_whatsapp_empresa_idx" ON "instancia_whatsapp" USING btree ("empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instancia_whatsapp_nome_uq" ON "instancia_whatsapp" USING btree ("servidor_id","nome");--> statement-breakpoint
CREATE INDEX "lote_mensagem_empresa_idx" ON "lote_mensagem" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "mensagem_saida_fila_idx" ON "mensagem_saida" USING btree ("status","proxima_tentativa_em");--> statement-breakpoint
CREATE INDEX "mensagem_saida_empresa_idx" ON "mensagem_saida" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "mensagem_saida_lote_idx" ON "mensagem_saida" USING btree ("lote_id","status");--> statement-breakpoint
CREATE INDEX "mensagem_saida_gateway_idx" ON "mensagem_saida" USING btree ("instancia_id","id_gateway");--> statement-breakpoint
-- Tenant isolation as the other tenant tables (0024). A company reads its own instances and the
-- platform's shared one (empresa_id null) but writes only its own; servers and raw webhook events
-- are the platform's (no tenant: reached only by admin routes and the workers, as the owner).
ALTER TABLE instancia_whatsapp ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY instancia_whatsapp_leitura ON instancia_whatsapp FOR SELECT TO bonifica_app USING (empresa_id IS NULL OR empresa_id = app_tenant());--> statement-breakpoint
CREATE POLICY instancia_whatsapp_escrita ON instancia_whatsapp FOR INSERT TO bonifica_app WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
CREATE POLICY instancia_whatsapp_alteracao ON instancia_whatsapp FOR UPDATE TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
CREATE POLICY instancia_whatsapp_exclusao ON instancia_whatsapp FOR DELETE TO bonifica_app USING (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE lote_mensagem ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY lote_mensagem_tenant ON lote_mensagem TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE mensagem_saida ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY mensagem_saida_tenant ON mensagem_saida TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
REVOKE ALL ON servidor_whatsapp FROM bonifica_app;--> statement-breakpoint
REVOKE ALL ON evento_whatsapp FROM bonifica_app;
