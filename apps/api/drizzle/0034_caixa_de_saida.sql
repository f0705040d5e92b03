CREATE TABLE "bloqueio_publico" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"motivo" varchar(200),
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ritmo_instancia" (
	"instancia_id" integer PRIMARY KEY NOT NULL,
	"proximo_envio_em" timestamp with time zone DEFAULT now() NOT NULL,
	"dia" date,
	"enviados_no_dia" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_whatsapp_mensagem" ADD COLUMN "id_local" varchar(60);--> statement-breakpoint
ALTER TABLE "bloqueio_publico" ADD CONSTRAINT "bloqueio_publico_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bloqueio_publico" ADD CONSTRAINT "bloqueio_publico_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bloqueio_publico" ADD CONSTRAINT "bloqueio_publico_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritmo_instancia" ADD CONSTRAINT "ritmo_instancia_instancia_id_instancia_whatsapp_id_fk" FOREIGN KEY ("instancia_id") REFERENCES "public"."instancia_whatsapp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bloqueio_publico_cliente_uq" ON "bloqueio_publico" USING btree ("empresa_id","cliente_id");--> statement-breakpoint
CREATE INDEX "sandbox_whatsapp_mensagem_local_idx" ON "sandbox_whatsapp_mensagem" USING btree ("id_local");
--> statement-breakpoint
-- The worker's pick: the next queued message of one instance, transactional first, oldest first.
CREATE INDEX mensagem_saida_fila_instancia_idx ON mensagem_saida (instancia_id, marketing, proxima_tentativa_em, id) WHERE status = 'FILA';--> statement-breakpoint
-- Reconciliation looks only at rows left ENVIANDO.
CREATE INDEX mensagem_saida_enviando_idx ON mensagem_saida (enviando_em) WHERE status = 'ENVIANDO';--> statement-breakpoint
-- Audience blocks are the company's own (tenant), like the customers they name.
ALTER TABLE bloqueio_publico ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY bloqueio_publico_tenant ON bloqueio_publico TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
-- Pacing state is the platform's: only the workers (as the owner) read and write it.
REVOKE ALL ON ritmo_instancia FROM bonifica_app;
