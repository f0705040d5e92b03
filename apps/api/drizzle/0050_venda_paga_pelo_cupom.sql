-- A coupon may cover the whole purchase (R$ 50 off a R$ 30 sale): the sale is recorded with nothing left
-- to pay (valor_centavos is the amount paid, after the discount), and its use of the coupon with it.
-- The barrier stays for everything else: never negative, a redemption never above what is paid.
ALTER TABLE transacao DROP CONSTRAINT transacao_valores_ck;--> statement-breakpoint
ALTER TABLE transacao ADD CONSTRAINT transacao_valores_ck CHECK (
  valor_centavos >= 0 AND resgate_centavos >= 0 AND resgate_centavos <= valor_centavos AND cashback_centavos >= 0 AND pontos >= 0
) NOT VALID;--> statement-breakpoint
-- Every existing row passes the old, stricter rule; validating without blocking writes (SHARE UPDATE EXCLUSIVE).
ALTER TABLE transacao VALIDATE CONSTRAINT transacao_valores_ck;
