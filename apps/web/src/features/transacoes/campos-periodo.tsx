import { Select, TextInput } from '@mantine/core';
import { useLojas } from './api';

type Props = {
  de: string;
  ate: string;
  filialId: string | null;
  obrigatorio?: boolean;
  aoMudar: (mudanca: { de?: string; ate?: string; filialId?: string | null }) => void;
};

/** The period (days in Brasília) and store fields the sales reports share. */
export function CamposPeriodoLoja({ de, ate, filialId, obrigatorio = false, aoMudar }: Props) {
  const lojas = useLojas();
  return (
    <>
      <TextInput type="date" label="De" value={de} onChange={(e) => aoMudar({ de: e.currentTarget.value })} required={obrigatorio} miw={160} />
      <TextInput type="date" label="Até" value={ate} onChange={(e) => aoMudar({ ate: e.currentTarget.value })} required={obrigatorio} miw={160} />
      <Select
        label="Loja"
        placeholder="Todas as lojas"
        data={(lojas.data ?? []).map((l) => ({ value: String(l.id), label: l.shortName }))}
        value={filialId}
        onChange={(v) => aoMudar({ filialId: v })}
        clearable
        miw={200}
      />
    </>
  );
}
