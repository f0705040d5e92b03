import { useEffect, useState } from 'react';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMoon } from '@tabler/icons-react';
import { LIMITES_RITMO, ritmoSaveSchema, type RitmoInstancia } from '@bonifica/contracts';
import { EstadoConsulta } from '../../components/estado-consulta';
import { notificar } from '../../components/notificar';
import { formatarDataHora, formatarInteiro } from '../../lib/format';
import { useRitmo, useSalvarRitmo } from './api';
import { Dado } from './dado';

type Valores = { porMinuto: number | ''; porDia: number | ''; silencioInicio: string; silencioFim: string };

const valoresDe = (r: RitmoInstancia): Valores => ({ ...r.vigente });

function Hoje({ r }: { r: RitmoInstancia }) {
  const h = r.hoje;
  const aquecendo = h.diaDoAquecimento !== null;
  return (
    <Stack gap="xs">
      {h.emSilencio && (
        <Alert color="indigo" icon={<IconMoon size={18} />} title="Em horário de silêncio">
          Nenhuma mensagem sai até {formatarDataHora(h.fimDoSilencio!)}. As mensagens esperam na fila.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <Dado rotulo="Limite de hoje" valor={`${formatarInteiro(h.limiteDoDia)} mensagens`} detalhe={aquecendo ? `Aquecimento do número: dia ${h.diaDoAquecimento! + 1}` : 'Número já aquecido'} />
        <Dado rotulo="Enviadas hoje" valor={`${formatarInteiro(h.enviadosHoje)} de ${formatarInteiro(h.limiteDoDia)}`} />
        <Dado rotulo="Próxima vaga" valor={new Date(h.proximaVaga).getTime() <= Date.now() + 1000 ? 'Agora' : formatarDataHora(h.proximaVaga)} detalhe={`Fuso ${h.fuso}`} />
      </SimpleGrid>
    </Stack>
  );
}


/** The pacing form: safe bounds checked here and again by the server, which has the last word. */
function Formulario({ r, id }: { r: RitmoInstancia; id: number }) {
  const salvar = useSalvarRitmo(id);
  const [v, setV] = useState<Valores>(() => valoresDe(r));
  const [erros, setErros] = useState<Record<string, string>>({});
  useEffect(() => setV(valoresDe(r)), [r]);
  const mudar = (m: Partial<Valores>) => setV((x) => ({ ...x, ...m }));

  async function gravar(corpo: unknown, sucesso: string) {
    const p = ritmoSaveSchema.safeParse(corpo);
    if (!p.success) {
      setErros(Object.fromEntries(p.error.issues.map((i) => [String(i.path[0] ?? ''), i.message])));
      return;
    }
    setErros({});
    try {
      await salvar.mutateAsync(p.data);
      notificar.sucesso(sucesso);
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  // An empty box is a missing number (the schema says so), not "back to the default": that is the other button.
  const numero = (x: number | '') => (x === '' ? undefined : x);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label="Mensagens por minuto"
          description={`De ${LIMITES_RITMO.porMinutoMin} a ${LIMITES_RITMO.porMinutoMax}; padrão ${r.padrao.porMinuto}`}
          min={LIMITES_RITMO.porMinutoMin}
          max={LIMITES_RITMO.porMinutoMax}
          allowDecimal={false}
          // No silent clamping: a value out of bounds gets the message that says why.
          clampBehavior="none"
          value={v.porMinuto}
          onChange={(x) => mudar({ porMinuto: typeof x === 'number' ? x : '' })}
          error={erros.porMinuto}
        />
        <NumberInput
          label="Mensagens por dia"
          description={`Até ${formatarInteiro(LIMITES_RITMO.porDiaMax)}; padrão ${formatarInteiro(r.padrao.porDia)}`}
          min={LIMITES_RITMO.porDiaMin}
          max={LIMITES_RITMO.porDiaMax}
          allowDecimal={false}
          clampBehavior="none"
          thousandSeparator="."
          decimalSeparator=","
          value={v.porDia}
          onChange={(x) => mudar({ porDia: typeof x === 'number' ? x : '' })}
          error={erros.porDia}
        />
        <TextInput label="Início do silêncio" type="time" value={v.silencioInicio} onChange={(e) => mudar({ silencioInicio: e.currentTarget.value })} error={erros.silencioInicio} description={`Padrão ${r.padrao.silencioInicio}`} />
        <TextInput
          label="Fim do silêncio"
          type="time"
          value={v.silencioFim}
          onChange={(e) => mudar({ silencioFim: e.currentTarget.value })}
          error={erros.silencioFim}
          description={`Padrão ${r.padrao.silencioFim}; início igual ao fim: sem silêncio`}
        />
      </SimpleGrid>
      <Group gap="xs">
        <Button
          size="xs"
          loading={salvar.isPending}
          onClick={() =>
            void gravar(
              { porMinuto: numero(v.porMinuto), porDia: numero(v.porDia), silencioInicio: v.silencioInicio || null, silencioFim: v.silencioFim || null },
              'Ritmo de envio salvo.',
            )
          }
        >
          Salvar ritmo
        </Button>
        <Button size="xs" variant="default" disabled={salvar.isPending} onClick={() => void gravar({ porMinuto: null, porDia: null, silencioInicio: null, silencioFim: null }, 'Ritmo de envio de volta ao padrão.')}>
          Voltar ao padrão
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Ritmo de envio of an instance (docs/areas/mensageria.md "Ritmo editável"): what holds today and, for
 * whoever manages the number, the form. A company on the shared number only reads it.
 */
export function RitmoEnvio({ instanciaId }: { instanciaId: number }) {
  const consulta = useRitmo(instanciaId);
  const r = consulta.data;
  return (
    <Stack gap="sm" component="section" aria-label="Ritmo de envio">
      <Title order={3} fz="h5">
        Ritmo de envio
      </Title>
      <EstadoConsulta consulta={consulta} vazio={false} mensagemVazia="" titulo="Ritmo de envio">
        {r && (
          <Stack gap="sm">
            <Hoje r={r} />
            {r.podeEditar ? (
              <Formulario r={r} id={instanciaId} />
            ) : (
              <Text size="sm" c="dimmed">
                {`${r.vigente.porMinuto} por minuto, até ${formatarInteiro(r.vigente.porDia)} por dia, silêncio das ${r.vigente.silencioInicio} às ${r.vigente.silencioFim}. O número compartilhado é ajustado pela plataforma.`}
              </Text>
            )}
          </Stack>
        )}
      </EstadoConsulta>
    </Stack>
  );
}
