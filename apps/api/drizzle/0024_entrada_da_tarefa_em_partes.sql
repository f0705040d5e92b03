CREATE TABLE "tarefa_entrada_parte" (
	"empresa_id" integer NOT NULL,
	"tarefa_id" uuid NOT NULL,
	"ordem" integer NOT NULL,
	"dados" "bytea" NOT NULL,
	CONSTRAINT "tarefa_entrada_parte_pk" PRIMARY KEY("tarefa_id","ordem")
);
--> statement-breakpoint
ALTER TABLE "tarefa_entrada_parte" ADD CONSTRAINT "tarefa_entrada_parte_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_entrada_parte" ADD CONSTRAINT "tarefa_entrada_parte_tarefa_id_tarefa_id_fk" FOREIGN KEY ("tarefa_id") REFERENCES "public"."tarefa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tenant isolation as the job itself (0007).
ALTER TABLE tarefa_entrada_parte ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tarefa_entrada_parte_tenant ON tarefa_entrada_parte TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());
