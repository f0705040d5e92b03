import { Select } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ROTULOS_STATUS_SORTEIO } from '@bonifica/contracts';
import { useSorteios } from './api';

/** The draw a screen works on, kept in the URL (`?sorteio=`), so a link from the list opens it. */
export function useSorteioEscolhido(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('sorteio'));
  return [Number.isInteger(id) && id > 0 ? id : null, (novo) => setParams(novo ? { sorteio: String(novo) } : {}, { replace: true })];
}

export function SeletorSorteio() {
  const [id, escolher] = useSorteioEscolhido();
  const sorteios = useSorteios();
  return (
    <Select
      label="Sorteio"
      placeholder={sorteios.isPending ? 'Carregando…' : 'Escolha o sorteio'}
      searchable
      maw={520}
      data={(sorteios.data ?? []).map((s) => ({ value: String(s.id), label: `${s.nome} — ${ROTULOS_STATUS_SORTEIO[s.status]}` }))}
      value={id ? String(id) : null}
      onChange={(v) => escolher(v ? Number(v) : null)}
    />
  );
}
