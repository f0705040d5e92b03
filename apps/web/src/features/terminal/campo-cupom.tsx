import { useState } from 'react';
import { Button, Text, TextInput } from '@mantine/core';
import { IconDiscount } from '@tabler/icons-react';
import type { CupomAplicado } from '@bonifica/contracts';
import { api } from '../../lib/api';
import { formatarBRL } from '../../lib/format';

type Props = {
  codigo: string;
  aoMudar: (codigo: string) => void;
  /** The sale's value and customer, for the preview (`cupomdesconto/validar`). */
  valor: number | null;
  clienteId: number | null;
  desabilitado: boolean;
  /** The preview, kept by the panel so the cashback limit follows the discounted value. */
  previa: CupomAplicado | null;
  aoConferir: (previa: CupomAplicado | null) => void;
};

/**
 * The coupon code typed or scanned at the counter (docs/areas/cupons.md). "Aplicar" shows what it gives
 * before posting; the sale sends the code anyway and the server decides under its lock.
 */
export function CampoCupom({ codigo, aoMudar, valor, clienteId, desabilitado, previa, aoConferir }: Props) {
  const [erro, setErro] = useState<string | null>(null);
  const [conferindo, setConferindo] = useState(false);
  const conferir = async () => {
    if (!codigo.trim() || valor === null || valor <= 0) return;
    setConferindo(true);
    try {
      const r = await api.post<CupomAplicado>('cupomdesconto/validar', { codigo: codigo.trim(), valor, ...(clienteId ? { clienteId } : {}) });
      setErro(null);
      aoConferir(r.result);
    } catch (e) {
      setErro(e instanceof Error ? e.message : 'Cupom inválido.');
      aoConferir(null);
    } finally {
      setConferindo(false);
    }
  };
  return (
    <div>
      <TextInput
        label="Cupom"
        placeholder="Digite ou leia o código"
        leftSection={<IconDiscount size={18} />}
        value={codigo}
        disabled={desabilitado}
        error={erro}
        autoComplete="off"
        onChange={(e) => {
          setErro(null);
          aoConferir(null);
          aoMudar(e.currentTarget.value.toUpperCase());
        }}
        onKeyDown={(e) => {
          // Enter here checks the code (a scanner ends with Enter); it does not post the sale.
          if (e.key === 'Enter') {
            e.preventDefault();
            e.stopPropagation();
            void conferir();
          }
        }}
        rightSectionWidth={90}
        rightSection={
          <Button size="xs" variant="light" loading={conferindo} disabled={desabilitado || !codigo.trim() || valor === null || valor <= 0} onClick={() => void conferir()}>
            Aplicar
          </Button>
        }
      />
      {previa && (
        <Text size="sm" c="teal.8" mt={4} data-testid="cupom-previa">
          {previa.nome}: {previa.desconto > 0 ? `desconto de ${formatarBRL(previa.desconto)} — a pagar ${formatarBRL(previa.valorAPagar)}` : `bônus de ${formatarBRL(previa.bonus)} em cashback`}
        </Text>
      )}
    </div>
  );
}
