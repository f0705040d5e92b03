CREATE TABLE "cliente" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"filial_origem_id" integer,
	"nome" varchar(160) NOT NULL,
	"documento" varchar(14),
	"tipo_documento" varchar(4),
	"data_nascimento" date,
	"celular" varchar(11),
	"celular_whatsapp" boolean DEFAULT false NOT NULL,
	"email" varchar(254),
	"cep" varchar(8),
	"logradouro" varchar(160),
	"numero" varchar(20),
	"complemento" varchar(80),
	"bairro" varchar(80),
	"cidade" varchar(80),
	"uf" varchar(2),
	"status" varchar(12) DEFAULT 'ATIVO' NOT NULL,
	"observacoes" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cliente_consentimento" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"canal" varchar(10) NOT NULL,
	"concedido" boolean NOT NULL,
	"origem" varchar(40) NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conta" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"cliente_id" integer,
	"tipo" varchar(20) NOT NULL,
	"saldo" bigint DEFAULT 0 NOT NULL,
	"bloqueada" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conta_cliente_tipo_uq" UNIQUE NULLS NOT DISTINCT("empresa_id","cliente_id","tipo"),
	CONSTRAINT "conta_saldo_cliente_nao_negativo" CHECK ("conta"."cliente_id" is null or "conta"."saldo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotencia" (
	"empresa_id" integer NOT NULL,
	"chave" varchar(100) NOT NULL,
	"rota" varchar(120) NOT NULL,
	"hash_corpo" varchar(64) NOT NULL,
	"status" integer NOT NULL,
	"resposta" jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lancamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"estorno_de_id" integer,
	"filial_id" integer,
	"usuario_id" integer,
	"referencia" jsonb,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partida" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"lancamento_id" integer NOT NULL,
	"conta_id" integer NOT NULL,
	"valor" bigint NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cliente" ADD CONSTRAINT "cliente_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente" ADD CONSTRAINT "cliente_filial_origem_id_empresa_id_fk" FOREIGN KEY ("filial_origem_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_consentimento" ADD CONSTRAINT "cliente_consentimento_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_consentimento" ADD CONSTRAINT "cliente_consentimento_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta" ADD CONSTRAINT "conta_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta" ADD CONSTRAINT "conta_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_filial_id_empresa_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partida" ADD CONSTRAINT "partida_lancamento_id_lancamento_id_fk" FOREIGN KEY ("lancamento_id") REFERENCES "public"."lancamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partida" ADD CONSTRAINT "partida_conta_id_conta_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."conta"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cliente_documento_uq" ON "cliente" USING btree ("empresa_id","documento");--> statement-breakpoint
CREATE INDEX "cliente_celular_idx" ON "cliente" USING btree ("empresa_id","celular");--> statement-breakpoint
CREATE INDEX "cliente_email_idx" ON "cliente" USING btree ("empresa_id","email");--> statement-breakpoint
CREATE INDEX "cliente_consentimento_cliente_idx" ON "cliente_consentimento" USING btree ("empresa_id","cliente_id","canal","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotencia_pk" ON "idempotencia" USING btree ("empresa_id","chave");--> statement-breakpoint
CREATE INDEX "lancamento_empresa_idx" ON "lancamento" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "lancamento_estorno_uq" ON "lancamento" USING btree ("empresa_id","estorno_de_id");--> statement-breakpoint
CREATE INDEX "partida_conta_idx" ON "partida" USING btree ("empresa_id","conta_id","id");--> statement-breakpoint
CREATE INDEX "partida_lancamento_idx" ON "partida" USING btree ("lancamento_id");