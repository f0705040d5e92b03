import { modals } from '@mantine/modals';
import { ComprovanteDaVenda } from './comprovante-80mm';

/** Reprint from any list: the receipt in a dialog, with its print button. */
export function abrirComprovante(transacaoId: number): void {
  modals.open({
    title: `Comprovante da venda nº ${transacaoId}`,
    size: 'md',
    centered: true,
    children: <ComprovanteDaVenda transacaoId={transacaoId} />,
  });
}
