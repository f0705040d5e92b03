CREATE TABLE "contato_consentimento" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"contato_id" integer NOT NULL,
	"canal" varchar(10) NOT NULL,
	"concedido" boolean NOT NULL,
	"origem" varchar(40) NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ritmo_email" (
	"empresa_id" integer PRIMARY KEY NOT NULL,
	"proximo_envio_em" timestamp with time zone DEFAULT now() NOT NULL,
	"dia" date,
	"enviados_no_dia" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segredo_sistema" (
	"nome" varchar(40) PRIMARY KEY NOT NULL,
	"valor" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campanha_participante" DROP CONSTRAINT "campanha_participante_pk";--> statement-breakpoint
ALTER TABLE "campanha_participante" ALTER COLUMN "cliente_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mensagem_saida" ADD COLUMN "contato_id" integer;--> statement-breakpoint
ALTER TABLE "campanha_participante" ADD COLUMN "contato_id" integer;--> statement-breakpoint
ALTER TABLE "contato_consentimento" ADD CONSTRAINT "contato_consentimento_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contato_consentimento" ADD CONSTRAINT "contato_consentimento_contato_id_contato_id_fk" FOREIGN KEY ("contato_id") REFERENCES "public"."contato"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contato_consentimento" ADD CONSTRAINT "contato_consentimento_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritmo_email" ADD CONSTRAINT "ritmo_email_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contato_consentimento_contato_idx" ON "contato_consentimento" USING btree ("empresa_id","contato_id","canal","criado_em");--> statement-breakpoint
ALTER TABLE "mensagem_saida" ADD CONSTRAINT "mensagem_saida_contato_id_contato_id_fk" FOREIGN KEY ("contato_id") REFERENCES "public"."contato"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_participante" ADD CONSTRAINT "campanha_participante_contato_id_contato_id_fk" FOREIGN KEY ("contato_id") REFERENCES "public"."contato"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campanha_participante_cliente_uq" ON "campanha_participante" USING btree ("campanha_id","cliente_id") WHERE "campanha_participante"."cliente_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "campanha_participante_contato_uq" ON "campanha_participante" USING btree ("campanha_id","contato_id") WHERE "campanha_participante"."contato_id" is not null;--> statement-breakpoint
ALTER TABLE "campanha_participante" ADD CONSTRAINT "campanha_participante_um_alvo" CHECK (("campanha_participante"."cliente_id" is null) <> ("campanha_participante"."contato_id" is null));
--> statement-breakpoint
-- Tenant isolation as the other tenant tables (0024). The e-mail pacing row is the workers' (owner), but it names a company.
ALTER TABLE contato_consentimento ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY contato_consentimento_tenant ON contato_consentimento TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE ritmo_email ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY ritmo_email_tenant ON ritmo_email TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
-- The unsubscribe links' signing key: the platform's, out of the app role's reach (like the sandbox tables, 0032).
REVOKE ALL ON segredo_sistema FROM bonifica_app;
