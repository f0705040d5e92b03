CREATE TABLE "cliente_etiqueta" (
	"empresa_id" integer NOT NULL,
	"etiqueta_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	CONSTRAINT "cliente_etiqueta_pk" PRIMARY KEY("empresa_id","etiqueta_id","cliente_id")
);
--> statement-breakpoint
CREATE TABLE "etiqueta" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nome" varchar(40) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publico" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nome" varchar(80) NOT NULL,
	"descricao" text,
	"condicoes" jsonb NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bloqueio_publico" ALTER COLUMN "cliente_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bloqueio_publico" ADD COLUMN "celular" varchar(11);--> statement-breakpoint
ALTER TABLE "bloqueio_publico" ADD COLUMN "email" varchar(254);--> statement-breakpoint
ALTER TABLE "bloqueio_publico" ADD COLUMN "origem" varchar(20) DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "cliente_etiqueta" ADD CONSTRAINT "cliente_etiqueta_etiqueta_id_etiqueta_id_fk" FOREIGN KEY ("etiqueta_id") REFERENCES "public"."etiqueta"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_etiqueta" ADD CONSTRAINT "cliente_etiqueta_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etiqueta" ADD CONSTRAINT "etiqueta_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publico" ADD CONSTRAINT "publico_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publico" ADD CONSTRAINT "publico_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cliente_etiqueta_cliente_idx" ON "cliente_etiqueta" USING btree ("cliente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "etiqueta_nome_uq" ON "etiqueta" USING btree ("empresa_id","nome");--> statement-breakpoint
CREATE INDEX "publico_empresa_idx" ON "publico" USING btree ("empresa_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "bloqueio_publico_celular_uq" ON "bloqueio_publico" USING btree ("empresa_id","celular") WHERE "bloqueio_publico"."cliente_id" is null and "bloqueio_publico"."celular" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bloqueio_publico_email_uq" ON "bloqueio_publico" USING btree ("empresa_id","email") WHERE "bloqueio_publico"."cliente_id" is null and "bloqueio_publico"."email" is not null;--> statement-breakpoint
CREATE INDEX "bloqueio_publico_lista_idx" ON "bloqueio_publico" USING btree ("empresa_id","criado_em");--> statement-breakpoint
-- A block names someone: a customer, or a loose mobile / e-mail (docs/areas/publicos.md).
ALTER TABLE bloqueio_publico ADD CONSTRAINT bloqueio_publico_alvo_ck CHECK (cliente_id IS NOT NULL OR celular IS NOT NULL OR email IS NOT NULL);--> statement-breakpoint
-- Tenant isolation as the other tenant tables (0024); bloqueio_publico has its policy since 0034.
ALTER TABLE publico ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY publico_tenant ON publico TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE etiqueta ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY etiqueta_tenant ON etiqueta TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE cliente_etiqueta ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cliente_etiqueta_tenant ON cliente_etiqueta TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());
--> statement-breakpoint
-- Audience counts over the customer's own fields (branch, birthday) read this index only, never the
-- wide customer rows (docs/areas/publicos.md "Desempenho"). The customer row is not touched by a sale.
CREATE INDEX cliente_publico_idx ON cliente (empresa_id, status, filial_origem_id) INCLUDE (data_nascimento);
