import { ChakraProvider, createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Toaster } from '../components/toaster';

const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e8f0fc' },
          100: { value: '#c6d8f6' },
          500: { value: '#1554c0' },
          600: { value: '#0b3d91' },
          700: { value: '#082d6b' },
        },
        accent: { 500: { value: '#ffb703' } },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.100}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

const system = createSystem(defaultConfig, config);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
