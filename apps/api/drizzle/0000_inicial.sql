CREATE TABLE "config_sistema" (
	"chave" varchar(80) PRIMARY KEY NOT NULL,
	"valor" text NOT NULL,
	"publica" boolean DEFAULT false NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresa" (
	"id" serial PRIMARY KEY NOT NULL,
	"matriz_id" integer NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"nome" varchar(160) NOT NULL,
	"nome_curto" varchar(80) NOT NULL,
	"cnpj" varchar(18),
	"slug" varchar(60) NOT NULL,
	"fuso_horario" varchar(20) DEFAULT 'UTC_3_BRASIL' NOT NULL,
	"tipo_servidor_whats" varchar(20) DEFAULT 'NENHUM' NOT NULL,
	"contato_suporte_whats" varchar(20),
	"experimental_ate" date,
	"logo" "bytea",
	"logo_mime" varchar(40),
	"ativa" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "fatura_empresa" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"vencimento" date NOT NULL,
	"status" varchar(12) NOT NULL,
	"url_pagamento" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer,
	"usuario_id" integer,
	"acao" varchar(40) NOT NULL,
	"entidade" varchar(60) NOT NULL,
	"entidade_id" varchar(60),
	"antes" jsonb,
	"depois" jsonb,
	"ip" "inet",
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_saida" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer,
	"para" varchar(254) NOT NULL,
	"assunto" varchar(200) NOT NULL,
	"corpo" text NOT NULL,
	"status" varchar(12) DEFAULT 'PENDENTE' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"erro" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "perfil" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer,
	"nome" varchar(80) NOT NULL,
	"descricao" varchar(255),
	"referencia" varchar(20) NOT NULL,
	"permissoes" text[] DEFAULT '{}' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remember_token" (
	"seletor" varchar(32) PRIMARY KEY NOT NULL,
	"validador_hash" varchar(64) NOT NULL,
	"serie" varchar(36) NOT NULL,
	"usuario_id" integer NOT NULL,
	"serie_criada_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "senha_reset" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessao" (
	"id_hash" varchar(64) PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"xsrf_token" varchar(64) NOT NULL,
	"remember_serie" varchar(36),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_acesso" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "tentativa_login" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(120) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"sucesso" boolean NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer,
	"filial_id" integer,
	"perfil_id" integer,
	"nome" varchar(120) NOT NULL,
	"username" varchar(60) NOT NULL,
	"email" varchar(254),
	"senha_hash" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"administrador_faturamento" boolean DEFAULT false NOT NULL,
	"senha_alterada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fatura_empresa" ADD CONSTRAINT "fatura_empresa_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_saida" ADD CONSTRAINT "email_saida_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfil" ADD CONSTRAINT "perfil_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remember_token" ADD CONSTRAINT "remember_token_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senha_reset" ADD CONSTRAINT "senha_reset_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_filial_id_empresa_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_perfil_id_perfil_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfil"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "empresa_matriz_idx" ON "empresa" USING btree ("matriz_id");--> statement-breakpoint
CREATE INDEX "fatura_empresa_empresa_idx" ON "fatura_empresa" USING btree ("empresa_id","status");--> statement-breakpoint
CREATE INDEX "auditoria_empresa_idx" ON "auditoria" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "email_saida_status_idx" ON "email_saida" USING btree ("status","criado_em");--> statement-breakpoint
CREATE INDEX "perfil_empresa_idx" ON "perfil" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "remember_token_serie_idx" ON "remember_token" USING btree ("serie");--> statement-breakpoint
CREATE INDEX "sessao_usuario_idx" ON "sessao" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "tentativa_login_username_idx" ON "tentativa_login" USING btree ("username","criado_em");--> statement-breakpoint
CREATE INDEX "tentativa_login_ip_idx" ON "tentativa_login" USING btree ("ip","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_username_uq" ON "usuario" USING btree ("username");--> statement-breakpoint
CREATE INDEX "usuario_empresa_idx" ON "usuario" USING btree ("empresa_id");