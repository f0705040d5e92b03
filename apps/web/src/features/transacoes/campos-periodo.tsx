import { Select } from '@mantine/core';
import { CampoData } from '../../components/campo-data';
import { useFiliaisRede } from '../../components/use-filiais-rede';

type Props = {
  de: string;
  ate: string;
  filialId: string | null;
  obrigatorio?: boolean;
  aoMudar: (mudanca: { de?: string; ate?: string; filialId?: string | null }) => void;
};

// On a phone the two dates share a row.
const METADE = { base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 160 };

/** The period (days in Brasília) and store fields the sales reports share. */
export function CamposPeriodoLoja({ de, ate, filialId, obrigatorio = false, aoMudar }: Props) {
  const lojas = useFiliaisRede();
  return (
    <>
      <CampoData label="De" value={de} onChange={(v) => aoMudar({ de: v ?? '' })} required={obrigatorio} clearable={!obrigatorio} w={METADE} />
      <CampoData label="Até" value={ate} onChange={(v) => aoMudar({ ate: v ?? '' })} required={obrigatorio} clearable={!obrigatorio} w={METADE} />
      <Select
        label="Loja"
        placeholder="Todas as lojas"
        data={(lojas.data ?? []).map((l) => ({ value: String(l.id), label: l.shortName }))}
        value={filialId}
        onChange={(v) => aoMudar({ filialId: v })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
    </>
  );
}
