CREATE TABLE "dispositivo" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"filial_id" integer NOT NULL,
	"nome" varchar(80) NOT NULL,
	"identificador" varchar(60) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"ultimo_acesso" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispositivo_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rede_credenciada" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nome" varchar(120) NOT NULL,
	"cnpj" varchar(14),
	"telefone" varchar(20),
	"cidade" varchar(80),
	"uf" varchar(2),
	"unidades" text[] NOT NULL,
	"resgate_maximo_centavos" bigint,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "telefone" varchar(20);--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "cep" varchar(9);--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "logradouro" varchar(160);--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "numero" varchar(20);--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "complemento" varchar(80);--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "bairro" varchar(80);--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "cidade" varchar(80);--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "uf" varchar(2);--> statement-breakpoint
ALTER TABLE "dispositivo" ADD CONSTRAINT "dispositivo_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispositivo" ADD CONSTRAINT "dispositivo_filial_id_empresa_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rede_credenciada" ADD CONSTRAINT "rede_credenciada_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispositivo_empresa_idx" ON "dispositivo" USING btree ("empresa_id","filial_id");--> statement-breakpoint
CREATE INDEX "rede_credenciada_empresa_idx" ON "rede_credenciada" USING btree ("empresa_id");--> statement-breakpoint
-- Tenant isolation as the other tenant tables (0024).
ALTER TABLE dispositivo ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY dispositivo_tenant ON dispositivo TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE rede_credenciada ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY rede_credenciada_tenant ON rede_credenciada TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());
