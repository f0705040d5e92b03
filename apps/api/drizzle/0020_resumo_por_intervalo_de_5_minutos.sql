-- The summary of today's closed periods goes from hours to 5-minute intervals (docs/decisions/012,
-- revision of 24/11): the dashboard reads live only the last minutes instead of up to an hour of sales.
-- The hourly rows cannot be read as intervals; they are rebuilt on the next dashboard call.
DELETE FROM "resumo_venda_hora";--> statement-breakpoint
ALTER TABLE "resumo_venda_hora" RENAME TO "resumo_venda_intervalo";--> statement-breakpoint
ALTER TABLE "resumo_venda_intervalo" RENAME COLUMN "hora" TO "inicio";--> statement-breakpoint
ALTER TABLE "resumo_venda_intervalo" DROP CONSTRAINT "resumo_venda_hora_pk";--> statement-breakpoint
ALTER TABLE "resumo_venda_intervalo" ADD CONSTRAINT "resumo_venda_intervalo_pk" PRIMARY KEY("empresa_id","inicio","filial_id");--> statement-breakpoint
ALTER POLICY resumo_venda_hora_tenant ON "resumo_venda_intervalo" RENAME TO resumo_venda_intervalo_tenant;
