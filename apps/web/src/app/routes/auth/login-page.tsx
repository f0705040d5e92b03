import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClockExclamation } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { MENSAGENS_PRODUTO } from '@bonifica/contracts';
import { fazerLogin } from '../../session/login';
import { ROTA_INICIO } from '../../session/guards';
import { consumirUrlAcesso } from '../../session/url-acesso';
import { chaveUsuario } from '../../session/usuario';
import type { EstadoLogin } from '../../session/use-sessao-expirada';
import { ErroAuth, TituloAuth } from './partes-formulario';

type ValoresLogin = { usuario: string; senha: string; lembrar: boolean };

export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const sessaoExpirada = (location.state as EstadoLogin)?.sessaoExpirada === true;

  const form = useForm<ValoresLogin>({
    initialValues: { usuario: '', senha: '', lembrar: false },
    validate: {
      usuario: (v) => (v.trim() ? null : 'Informe o usuário.'),
      senha: (v) => (v ? null : 'Informe a senha.'),
    },
  });

  const entrar = form.onSubmit(async (valores) => {
    setErro(null);
    setEnviando(true);
    const resultado = await fazerLogin({ usuario: valores.usuario.trim(), senha: valores.senha, lembrar: valores.lembrar });
    if (!resultado.ok) {
      setEnviando(false);
      setErro(resultado.mensagem);
      return;
    }
    // A new session: whatever was cached belonged to someone else (or to nobody).
    queryClient.removeQueries({ queryKey: chaveUsuario });
    await navigate(consumirUrlAcesso() ?? ROTA_INICIO, { replace: true });
  });

  return (
    <form onSubmit={entrar} noValidate>
      <Stack gap="md">
        <TituloAuth titulo="Entrar">Acesse com seu usuário e senha.</TituloAuth>
        {sessaoExpirada && !erro && (
          <Alert color="yellow" variant="light" icon={<IconClockExclamation size={18} />}>
            {MENSAGENS_PRODUTO.sessaoExpirada}
          </Alert>
        )}
        <ErroAuth erro={erro} />
        <TextInput
          label="Usuário"
          placeholder="seu.usuario"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
          autoFocus
          {...form.getInputProps('usuario')}
        />
        <PasswordInput label="Senha" autoComplete="current-password" {...form.getInputProps('senha')} />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox label="Lembrar-me" {...form.getInputProps('lembrar', { type: 'checkbox' })} />
          <Anchor component={Link} to="/auth/esqueci-minha-senha" size="sm">
            Esqueci minha senha
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={enviando}>
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
