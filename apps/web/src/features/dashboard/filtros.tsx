import { Button, Group, Select } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { DIAS_MAXIMOS_DASHBOARD, type DashboardFiltro, type Empresa, type PeriodoPredefinido } from '@bonifica/contracts';
import { CampoData } from '../../components/campo-data';
import { useDownload } from '../../components/use-download';
import { imprimirResultadosPorUsuario, type FiltroUrl } from './api';

/** Why a custom range cannot be asked for yet, in the words the server would use; null when fine. */
export function erroDoPeriodo(de?: string, ate?: string): string | null {
  if (!de || !ate) return 'Informe as duas datas.';
  if (ate < de) return 'A data final deve ser igual ou posterior à inicial.';
  const dias = (Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000 + 1;
  if (dias > DIAS_MAXIMOS_DASHBOARD) return 'O período pode ter no máximo 2 anos.';
  return null;
}

type Props = {
  valor: FiltroUrl;
  aoMudar: (f: FiltroUrl) => void;
  periodos: PeriodoPredefinido[];
  filiais: Empresa[];
  /** The call's body when the period is complete (enables printing). */
  filtro: DashboardFiltro | null;
};

/** Period (presets from the server or a custom range), branch, and the per-user print. */
export function FiltrosDashboard({ valor, aoMudar, periodos, filiais, filtro }: Props) {
  const [imprimindo, baixar] = useDownload();
  const personalizado = valor.periodo === 'PERSONALIZADO';
  const erro = personalizado ? erroDoPeriodo(valor.de, valor.ate) : null;

  const imprimir = () => (filtro ? baixar(() => imprimirResultadosPorUsuario(filtro)) : undefined);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Período"
        w={{ base: '100%', xs: 200 }}
        allowDeselect={false}
        value={valor.periodo}
        data={[...periodos.map((p) => ({ value: p.codigo, label: p.rotulo })), { value: 'PERSONALIZADO', label: 'Personalizado' }]}
        onChange={(v) => {
          if (!v) return;
          if (v === 'PERSONALIZADO') {
            // Start the custom range from what was on screen, so the user only adjusts it.
            const atual = periodos.find((p) => p.codigo === valor.periodo);
            aoMudar({ ...valor, periodo: 'PERSONALIZADO', de: valor.de ?? atual?.de, ate: valor.ate ?? atual?.ate });
          } else aoMudar({ periodo: v as FiltroUrl['periodo'], filialId: valor.filialId });
        }}
      />
      {personalizado && (
        <>
          <CampoData label="De" w={{ base: '47%', xs: 160 }} value={valor.de} onChange={(v) => aoMudar({ ...valor, de: v ?? undefined })} error={erro && erro !== 'Informe as duas datas.' ? erro : undefined} />
          <CampoData label="Até" w={{ base: '47%', xs: 160 }} value={valor.ate} onChange={(v) => aoMudar({ ...valor, ate: v ?? undefined })} />
        </>
      )}
      <Select
        label="Filial"
        w={{ base: '100%', xs: 240 }}
        placeholder="Todas as filiais"
        clearable
        value={valor.filialId ? String(valor.filialId) : null}
        data={filiais.map((e) => ({ value: String(e.id), label: e.shortName || e.nome }))}
        onChange={(v) => aoMudar({ ...valor, filialId: v ? Number(v) : undefined })}
      />
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={imprimir} loading={imprimindo} disabled={!filtro} ml={{ xs: 'auto' }} w={{ base: '100%', xs: 'auto' }}>
        Resultados por usuário
      </Button>
    </Group>
  );
}
