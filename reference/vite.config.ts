import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The reference page of `npm run budget` and `npm run lighthouse`: the same Vite, React plugin and build target
// as the app, one React Router route, nothing else. Its figures are the floor the app is compared with.
export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true, reportCompressedSize: false },
});
