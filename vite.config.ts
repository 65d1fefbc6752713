import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:8787';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './routes',
      generatedRouteTree: './route-tree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
});
