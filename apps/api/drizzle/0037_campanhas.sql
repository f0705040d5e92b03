CREATE TABLE "campanha" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nome" varchar(120) NOT NULL,
	"publico_id" integer,
	"modelo_id" integer,
	"canal" varchar(10) DEFAULT 'WHATSAPP' NOT NULL,
	"agenda" varchar(10) DEFAULT 'AGORA' NOT NULL,
	"agendada_para" timestamp with time zone,
	"dias_espalhar" smallint,
	"controle_percentual" smallint DEFAULT 10 NOT NULL,
	"dias_atribuicao" smallint DEFAULT 7 NOT NULL,
	"cupom" varchar(40),
	"link" varchar(300),
	"semente" varchar(32),
	"lote_id" integer,
	"disparada_em" timestamp with time zone,
	"inicio_em" timestamp with time zone,
	"participantes_envio" integer DEFAULT 0 NOT NULL,
	"participantes_controle" integer DEFAULT 0 NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campanha_participante" (
	"campanha_id" integer NOT NULL,
	"empresa_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"grupo" varchar(8) NOT NULL,
	"mensagem_saida_id" bigint,
	CONSTRAINT "campanha_participante_pk" PRIMARY KEY("campanha_id","cliente_id")
);
--> statement-breakpoint
ALTER TABLE "campanha" ADD CONSTRAINT "campanha_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha" ADD CONSTRAINT "campanha_publico_id_publico_id_fk" FOREIGN KEY ("publico_id") REFERENCES "public"."publico"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha" ADD CONSTRAINT "campanha_modelo_id_modelo_mensagem_id_fk" FOREIGN KEY ("modelo_id") REFERENCES "public"."modelo_mensagem"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha" ADD CONSTRAINT "campanha_lote_id_lote_mensagem_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lote_mensagem"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha" ADD CONSTRAINT "campanha_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_participante" ADD CONSTRAINT "campanha_participante_campanha_id_campanha_id_fk" FOREIGN KEY ("campanha_id") REFERENCES "public"."campanha"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_participante" ADD CONSTRAINT "campanha_participante_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_participante" ADD CONSTRAINT "campanha_participante_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campanha_empresa_idx" ON "campanha" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "campanha_participante_grupo_idx" ON "campanha_participante" USING btree ("campanha_id","grupo");
--> statement-breakpoint
-- Tenant isolation as the other tenant tables (0024).
ALTER TABLE campanha ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY campanha_tenant ON campanha TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE campanha_participante ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY campanha_participante_tenant ON campanha_participante TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());
