import { Button, Group, type MantineColor, type MantineSpacing } from '@mantine/core';

type Props = {
  /** The confirming button's text ("Salvar", "Estornar"…). */
  rotulo: string;
  aoConfirmar: () => unknown;
  aoCancelar: () => void;
  enviando?: boolean;
  /** Red for what undoes something (a reversal). */
  cor?: MantineColor;
  mt?: MantineSpacing;
};

/** The foot of a small modal form: "Cancelar" then the action, to the right; the action spins while it is sent. */
export function RodapeModal({ rotulo, aoConfirmar, aoCancelar, enviando, cor, mt }: Props) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={aoCancelar}>
        Cancelar
      </Button>
      <Button color={cor} loading={enviando} onClick={() => void aoConfirmar()}>
        {rotulo}
      </Button>
    </Group>
  );
}
