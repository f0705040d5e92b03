import { Badge, type BadgeProps } from '@mantine/core';
import {
  ROTULOS_SITUACAO_CLIENTE_PLANO,
  ROTULOS_STATUS_CARTAO,
  ROTULOS_STATUS_CLIENTE,
  ROTULOS_STATUS_RESGATE_PREMIO,
  ROTULOS_SITUACAO_VALE,
  type SituacaoClientePlano,
  type SituacaoValePresente,
  type StatusCartao,
  type StatusCliente,
  type StatusResgatePremio,
} from '@bonifica/contracts';

// One colour per status across the product: a blocked card is red on the card list, the customer page and the reports alike.
const COR_CLIENTE: Record<StatusCliente, string> = { ATIVO: 'teal', BLOQUEADO: 'red', ANONIMIZADO: 'gray' };
const COR_CARTAO: Record<StatusCartao, string> = { DISPONIVEL: 'blue', ATIVO: 'teal', BLOQUEADO: 'red', SUBSTITUIDO: 'gray', VALE_PRESENTE: 'grape' };
const COR_RESGATE_PREMIO: Record<StatusResgatePremio, string> = { SOLICITADO: 'blue', SEPARADO: 'grape', DISPONIVEL: 'yellow', RETIRADO: 'teal', CANCELADO: 'gray' };
const COR_PLANO: Record<SituacaoClientePlano, string> = { FUTURO: 'blue', VIGENTE: 'teal', VENCIDO: 'orange', CANCELADO: 'gray' };
const COR_VALE: Record<SituacaoValePresente, string> = { ATIVO: 'teal', ESGOTADO: 'blue', VENCIDO: 'orange', CANCELADO: 'gray' };

type Tamanho = Pick<BadgeProps, 'size'>;

export function BadgeStatusCliente({ status, size }: { status: StatusCliente } & Tamanho) {
  return (
    <Badge color={COR_CLIENTE[status]} variant="light" size={size}>
      {ROTULOS_STATUS_CLIENTE[status]}
    </Badge>
  );
}

export function BadgeStatusCartao({ status, size }: { status: StatusCartao } & Tamanho) {
  return (
    <Badge color={COR_CARTAO[status]} variant="light" size={size}>
      {ROTULOS_STATUS_CARTAO[status]}
    </Badge>
  );
}

export function BadgeSituacaoPlano({ situacao, size }: { situacao: SituacaoClientePlano } & Tamanho) {
  return (
    <Badge color={COR_PLANO[situacao]} variant="light" size={size}>
      {ROTULOS_SITUACAO_CLIENTE_PLANO[situacao]}
    </Badge>
  );
}

/** A record that is switched on or off (a prize, a partner): teal "Ativo" or grey "Inativo". */
export function BadgeAtivo({ ativo, size }: { ativo: boolean } & Tamanho) {
  return (
    <Badge color={ativo ? 'teal' : 'gray'} variant="light" size={size}>
      {ativo ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}

export function BadgeStatusResgatePremio({ status, size }: { status: StatusResgatePremio } & Tamanho) {
  return (
    <Badge color={COR_RESGATE_PREMIO[status]} variant="light" size={size}>
      {ROTULOS_STATUS_RESGATE_PREMIO[status]}
    </Badge>
  );
}

export function BadgeSituacaoVale({ situacao, size }: { situacao: SituacaoValePresente } & Tamanho) {
  return (
    <Badge color={COR_VALE[situacao]} variant="light" size={size}>
      {ROTULOS_SITUACAO_VALE[situacao]}
    </Badge>
  );
}
