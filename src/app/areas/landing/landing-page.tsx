import { useEffect } from 'react';
import { Logo } from '@/components/ui/logo';
import { buttonClasses } from '@/components/ui/button';
import { areaUrl } from '@/config/areas';
import { PRODUCT_NAME } from '@/config/brand';

export default function LandingPage() {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} — Acesso remoto seguro a máquinas industriais`;
  }, []);
  const registerUrl = areaUrl('portal', '/register', window.location);
  return (
    <div className="min-h-svh bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Logo />
          <a className={buttonClasses('primary')} href={registerUrl}>
            Começar Agora
          </a>
        </div>
      </header>
      <main>
        <section className="mx-auto max-w-6xl px-4 py-20">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Acesso remoto seguro às suas máquinas industriais
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-700">
            Conecte cada máquina que você entrega com um gateway Ponte IIoT e dê suporte de qualquer lugar, pelo
            navegador, com cobrança em reais.
          </p>
          <a className={buttonClasses('primary', 'lg', 'mt-8')} href={registerUrl}>
            Começar Agora
          </a>
        </section>
      </main>
    </div>
  );
}
