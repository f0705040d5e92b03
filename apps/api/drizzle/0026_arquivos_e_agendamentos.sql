CREATE TABLE "agendamento" (
	"nome" varchar(60) PRIMARY KEY NOT NULL,
	"cron" varchar(120),
	"atualizado_em" timestamp with time zone,
	"atualizado_por_id" integer,
	"ultimo_inicio" timestamp with time zone,
	"ultimo_fim" timestamp with time zone,
	"ultimo_status" varchar(12),
	"ultimo_erro" text,
	"execucoes" integer DEFAULT 0 NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arquivo" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer,
	"nome" varchar(160) NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"dados" "bytea" NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arquivo" ADD CONSTRAINT "arquivo_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arquivo_empresa_idx" ON "arquivo" USING btree ("empresa_id","criado_em");--> statement-breakpoint
-- Tenant isolation (as 0007): a company's files only under its tenant; the service's own files
-- (empresa_id null) are read by the app as the database owner, never through this role.
ALTER TABLE arquivo ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY arquivo_tenant ON arquivo TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());
