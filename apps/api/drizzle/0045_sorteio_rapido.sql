-- The frozen list of a draw goes from one row per lucky number (sorteio_numero) to one row per participant
-- with the range of their numbers (decision 037, bench/RESULTS.md "Sorteios"): a million numbers were a
-- million rows, two index entries each, written by the freeze; now ~100,000. The canonical line of each number
-- is spelled from the participant's row, byte for byte the one stored before, so the published hashes hold.
CREATE TABLE "sorteio_participante" (
	"empresa_id" integer NOT NULL,
	"sorteio_id" integer NOT NULL,
	"participante" integer NOT NULL,
	"primeiro" integer NOT NULL,
	"ultimo" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"cpf_mascarado" varchar(20) NOT NULL,
	"nome_abreviado" varchar(300) NOT NULL,
	CONSTRAINT "sorteio_participante_sorteio_id_participante_pk" PRIMARY KEY("sorteio_id","participante")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sorteio_participante_primeiro_uq" ON "sorteio_participante" USING btree ("sorteio_id","primeiro");--> statement-breakpoint
-- Lines were `numero;participante;cpf;nome` (7 + 7 digits; `;` never in the name): a participant's numbers
-- are consecutive and share everything after the number. Refuse to convert a list that is not so.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM sorteio_numero GROUP BY sorteio_id, participante
    HAVING count(*) <> max(numero) - min(numero) + 1 OR count(DISTINCT substr(linha, 8)) <> 1 OR count(DISTINCT cliente_id) <> 1
      OR bool_or(linha NOT LIKE lpad(numero::text, 7, '0') || ';' || lpad(participante::text, 7, '0') || ';%;%' OR linha LIKE '%;%;%;%;%')
  ) THEN
    RAISE EXCEPTION 'sorteio_numero: lista congelada fora da forma canônica, não convertida';
  END IF;
END $$;--> statement-breakpoint
INSERT INTO sorteio_participante (empresa_id, sorteio_id, participante, primeiro, ultimo, cliente_id, cpf_mascarado, nome_abreviado)
SELECT min(empresa_id), sorteio_id, participante, min(numero), max(numero), min(cliente_id), split_part(min(linha), ';', 3), split_part(min(linha), ';', 4)
FROM sorteio_numero GROUP BY sorteio_id, participante;--> statement-breakpoint
DROP TABLE "sorteio_numero" CASCADE;--> statement-breakpoint
-- Tenant isolation and write-once, as sorteio_numero had (0042).
ALTER TABLE sorteio_participante ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY sorteio_participante_tenant ON sorteio_participante TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
REVOKE UPDATE, DELETE ON sorteio_participante FROM bonifica_app;
