import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { api, ApiError } from '../../../lib/api';
import { ErroAuth, TituloAuth } from './partes-formulario';

/** Shown when the server answers without a text of its own; it never says whether the user exists. */
const MENSAGEM_PADRAO = 'Se o usuário ou e-mail estiver cadastrado, você receberá um e-mail com o link para criar uma nova senha.';

export function Component() {
  const [mensagem, setMensagem] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const form = useForm({
    initialValues: { usuarioOuEmail: '' },
    validate: { usuarioOuEmail: (v) => (v.trim() ? null : 'Informe o usuário ou e-mail.') },
  });

  const enviar = form.onSubmit(async ({ usuarioOuEmail }) => {
    setErro(null);
    setMensagem(null);
    setEnviando(true);
    try {
      const env = await api.get<string>(`user/esqueciminhasenha/${encodeURIComponent(usuarioOuEmail.trim())}`);
      setMensagem(typeof env.result === 'string' && env.result ? env.result : MENSAGEM_PADRAO);
    } catch (e) {
      setErro(e instanceof ApiError ? e.message : String(e));
    } finally {
      setEnviando(false);
    }
  });

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="md">
        <TituloAuth titulo="Esqueci minha senha">Informe seu usuário ou e-mail e enviaremos um link para você criar uma nova senha.</TituloAuth>
        {mensagem && (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} role="status">
            {mensagem}
          </Alert>
        )}
        <ErroAuth erro={erro} />
        <TextInput
          label="Usuário ou e-mail"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          {...form.getInputProps('usuarioOuEmail')}
        />
        <Button type="submit" fullWidth loading={enviando}>
          Enviar link
        </Button>
        <Anchor component={Link} to="/auth/user/login" size="sm" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    </form>
  );
}
