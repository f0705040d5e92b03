-- Every posting sums to zero (ARCHITECTURE §6), now checked once per INSERT statement instead of
-- once per entry at commit: a posting's entries are written by one statement (razao.ts
-- sqlGravarLancamento), and the per-row deferred trigger ran its SUM four to six times per sale
-- (bench/RESULTS.md). The check still sums every entry of each posting the statement touched.
DROP TRIGGER IF EXISTS partida_lancamento_zerado ON partida;--> statement-breakpoint
DROP FUNCTION IF EXISTS verificar_lancamento_zerado();--> statement-breakpoint
CREATE OR REPLACE FUNCTION verificar_lancamentos_zerados() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE torto record;
BEGIN
  SELECT p.lancamento_id, sum(p.valor) AS soma INTO torto
  FROM partida p
  WHERE p.lancamento_id IN (SELECT DISTINCT lancamento_id FROM novas)
  GROUP BY p.lancamento_id
  HAVING sum(p.valor) <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Lançamento % não fecha em zero (soma %)', torto.lancamento_id, torto.soma USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER partida_lancamentos_zerados AFTER INSERT ON partida
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION verificar_lancamentos_zerados();
