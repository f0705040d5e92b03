/// <reference types="vite/client" />

// Vite types its env through declaration merging, which only an interface allows.
interface ImportMetaEnv {
  readonly VITE_CLIENT_TOKEN?: string;
}
