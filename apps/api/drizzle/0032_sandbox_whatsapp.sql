CREATE TABLE "sandbox_whatsapp_instancia" (
	"servidor" varchar(300) NOT NULL,
	"nome" varchar(80) NOT NULL,
	"token" varchar(64) NOT NULL,
	"webhook_url" text NOT NULL,
	"estado" varchar(14) DEFAULT 'DESCONECTADA' NOT NULL,
	"numero" varchar(20),
	"codigo_qr" varchar(200),
	"codigo_pareamento" varchar(9),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_whatsapp_instancia_servidor_nome_pk" PRIMARY KEY("servidor","nome")
);
--> statement-breakpoint
CREATE TABLE "sandbox_whatsapp_mensagem" (
	"id_gateway" varchar(40) PRIMARY KEY NOT NULL,
	"servidor" varchar(300) NOT NULL,
	"instancia" varchar(80) NOT NULL,
	"direcao" varchar(8) NOT NULL,
	"numero" varchar(20) NOT NULL,
	"texto" text NOT NULL,
	"midia" jsonb,
	"criado_em" timestamp with time zone NOT NULL,
	"enviada_em" timestamp with time zone,
	"entregue_em" timestamp with time zone,
	"lida_em" timestamp with time zone,
	"falhou_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_whatsapp_webhook" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"servidor" varchar(300) NOT NULL,
	"instancia" varchar(80) NOT NULL,
	"url" text NOT NULL,
	"corpo" jsonb NOT NULL,
	"entregar_em" timestamp with time zone NOT NULL,
	"reservado_ate" timestamp with time zone,
	"tentativas" smallint DEFAULT 0 NOT NULL,
	"entregue_em" timestamp with time zone,
	"desistiu_em" timestamp with time zone,
	"erro" text
);
--> statement-breakpoint
CREATE INDEX "sandbox_whatsapp_mensagem_instancia_idx" ON "sandbox_whatsapp_mensagem" USING btree ("servidor","instancia","criado_em");--> statement-breakpoint
CREATE INDEX "sandbox_whatsapp_webhook_pendente_idx" ON "sandbox_whatsapp_webhook" USING btree ("entregar_em") WHERE entregue_em is null and desistiu_em is null;
--> statement-breakpoint
-- The sandbox gateway's own storage (docs/areas/mensageria.md "Gateways"): platform data, reached only
-- by the adapter as the owner, never by a tenant request.
REVOKE ALL ON sandbox_whatsapp_instancia FROM bonifica_app;--> statement-breakpoint
REVOKE ALL ON sandbox_whatsapp_mensagem FROM bonifica_app;--> statement-breakpoint
REVOKE ALL ON sandbox_whatsapp_webhook FROM bonifica_app;
