import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { configurarZodPtBr } from '@bonifica/contracts';
import { App } from './app/app';

configurarZodPtBr();

const raiz = document.getElementById('root');
if (!raiz) throw new Error('Elemento #root não encontrado em index.html.');

createRoot(raiz).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
