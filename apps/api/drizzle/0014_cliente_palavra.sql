CREATE TABLE "cliente_palavra" (
	"empresa_id" integer NOT NULL,
	"palavra" text NOT NULL,
	"ordem" text NOT NULL,
	"cliente_id" integer NOT NULL,
	CONSTRAINT "cliente_palavra_pk" PRIMARY KEY("empresa_id","palavra","ordem","cliente_id")
);
--> statement-breakpoint
CREATE INDEX "cliente_palavra_cliente_idx" ON "cliente_palavra" USING btree ("cliente_id");