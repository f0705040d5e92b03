CREATE TABLE "execucao_monitoramento" (
	"id" serial PRIMARY KEY NOT NULL,
	"origem" varchar(10) NOT NULL,
	"status" varchar(10) DEFAULT 'EXECUTANDO' NOT NULL,
	"servidores" smallint DEFAULT 0 NOT NULL,
	"instancias" integer DEFAULT 0 NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"alertas" integer DEFAULT 0 NOT NULL,
	"usuario_id" integer,
	"iniciado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transferencia_servidor" (
	"id" serial PRIMARY KEY NOT NULL,
	"instancia_id" integer NOT NULL,
	"servidor_origem_id" integer NOT NULL,
	"servidor_destino_id" integer NOT NULL,
	"nome_origem" varchar(80) NOT NULL,
	"nome_destino" varchar(80) NOT NULL,
	"estado" varchar(10) DEFAULT 'PAREANDO' NOT NULL,
	"webhook_token_hash" varchar(64) NOT NULL,
	"token_antigo_hash" varchar(64),
	"qr_code" text,
	"codigo_pareamento" varchar(20),
	"antiga_removida" boolean DEFAULT false NOT NULL,
	"erro" text,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verificacao_monitoramento" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"execucao_id" integer NOT NULL,
	"alvo" varchar(10) NOT NULL,
	"servidor_id" integer NOT NULL,
	"instancia_id" integer,
	"situacao" varchar(10) NOT NULL,
	"detalhe" text NOT NULL,
	"latencia_ms" integer
);
--> statement-breakpoint
ALTER TABLE "servidor_whatsapp" ALTER COLUMN "situacao" SET DATA TYPE varchar(12);--> statement-breakpoint
ALTER TABLE "servidor_whatsapp" ALTER COLUMN "situacao" SET DEFAULT 'DESCONHECIDA';--> statement-breakpoint
ALTER TABLE "execucao_monitoramento" ADD CONSTRAINT "execucao_monitoramento_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia_servidor" ADD CONSTRAINT "transferencia_servidor_instancia_id_instancia_whatsapp_id_fk" FOREIGN KEY ("instancia_id") REFERENCES "public"."instancia_whatsapp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia_servidor" ADD CONSTRAINT "transferencia_servidor_servidor_origem_id_servidor_whatsapp_id_fk" FOREIGN KEY ("servidor_origem_id") REFERENCES "public"."servidor_whatsapp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia_servidor" ADD CONSTRAINT "transferencia_servidor_servidor_destino_id_servidor_whatsapp_id_fk" FOREIGN KEY ("servidor_destino_id") REFERENCES "public"."servidor_whatsapp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencia_servidor" ADD CONSTRAINT "transferencia_servidor_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verificacao_monitoramento" ADD CONSTRAINT "verificacao_monitoramento_execucao_id_execucao_monitoramento_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucao_monitoramento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verificacao_monitoramento" ADD CONSTRAINT "verificacao_monitoramento_servidor_id_servidor_whatsapp_id_fk" FOREIGN KEY ("servidor_id") REFERENCES "public"."servidor_whatsapp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verificacao_monitoramento" ADD CONSTRAINT "verificacao_monitoramento_instancia_id_instancia_whatsapp_id_fk" FOREIGN KEY ("instancia_id") REFERENCES "public"."instancia_whatsapp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "execucao_monitoramento_iniciado_idx" ON "execucao_monitoramento" USING btree ("iniciado_em");--> statement-breakpoint
CREATE INDEX "transferencia_servidor_instancia_idx" ON "transferencia_servidor" USING btree ("instancia_id","criado_em");--> statement-breakpoint
CREATE INDEX "verificacao_monitoramento_execucao_idx" ON "verificacao_monitoramento" USING btree ("execucao_id");
--> statement-breakpoint
-- Platform tables (no tenant): only the admin routes and the workers reach them, as the owner.
REVOKE ALL ON transferencia_servidor FROM bonifica_app;--> statement-breakpoint
REVOKE ALL ON execucao_monitoramento FROM bonifica_app;--> statement-breakpoint
REVOKE ALL ON verificacao_monitoramento FROM bonifica_app;
