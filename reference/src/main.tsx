import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

function Home() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '0 auto', padding: 24 }}>
      <h1>Referência: React + React Router</h1>
      <p>As mesmas versões de Vite, React e React Router do Ponte IIoT; uma rota, sem framework de CSS.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root ausente');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createBrowserRouter([{ path: '/', element: <Home /> }])} />
  </StrictMode>,
);
