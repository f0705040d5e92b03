-- The sale path writes its posting, entries, lots and sale row in one statement for a whole batch of
-- sales (docs/decisions/017-vendas-em-lote.md). Their foreign keys cost a lookup and a row lock per
-- reference (about twenty per sale, a fifth of the database's time), and the shared parents (the
-- company, the attendant, the system accounts) became MultiXacts under concurrent batches. What they
-- pointed to is written by the same statement or read under lock by the same transaction, and is
-- never deleted: the application role loses DELETE on those parents instead, so the database still
-- refuses what the keys protected against.
ALTER TABLE "credito" DROP CONSTRAINT "credito_conta_id_conta_id_fk";
--> statement-breakpoint
ALTER TABLE "credito" DROP CONSTRAINT "credito_lancamento_id_lancamento_id_fk";
--> statement-breakpoint
ALTER TABLE "lancamento" DROP CONSTRAINT "lancamento_empresa_id_empresa_id_fk";
--> statement-breakpoint
ALTER TABLE "lancamento" DROP CONSTRAINT "lancamento_filial_id_empresa_id_fk";
--> statement-breakpoint
ALTER TABLE "lancamento" DROP CONSTRAINT "lancamento_usuario_id_usuario_id_fk";
--> statement-breakpoint
ALTER TABLE "partida" DROP CONSTRAINT "partida_lancamento_id_lancamento_id_fk";
--> statement-breakpoint
ALTER TABLE "partida" DROP CONSTRAINT "partida_conta_id_conta_id_fk";
--> statement-breakpoint
ALTER TABLE "transacao" DROP CONSTRAINT "transacao_empresa_id_empresa_id_fk";
--> statement-breakpoint
ALTER TABLE "transacao" DROP CONSTRAINT "transacao_filial_id_empresa_id_fk";
--> statement-breakpoint
ALTER TABLE "transacao" DROP CONSTRAINT "transacao_cliente_id_cliente_id_fk";
--> statement-breakpoint
ALTER TABLE "transacao" DROP CONSTRAINT "transacao_lancamento_id_lancamento_id_fk";
--> statement-breakpoint
ALTER TABLE "transacao" DROP CONSTRAINT "transacao_usuario_id_usuario_id_fk";
--> statement-breakpoint
REVOKE DELETE ON empresa, usuario, cliente, conta, credito, transacao FROM bonifica_app;
