import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { HubsTab } from '../components/hubs-tab';
import { NodesTab } from '../components/nodes-tab';
import { RoutesTab } from '../components/routes-tab';
import { SessionsTab } from '../components/sessions-tab';
import { UsersTab } from '../components/users-tab';

const TABS = [
  { value: 'usuarios', label: 'Usuários' },
  { value: 'nos', label: 'Nós' },
  { value: 'rotas', label: 'Rotas' },
  { value: 'sessoes', label: 'Sessões' },
  { value: 'hubs', label: 'Hubs' },
] as const;

type Tab = (typeof TABS)[number]['value'];

function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab.value === value)?.value ?? 'usuarios';
}

/**
 * /backoffice-vpn-user: the VPN backend's users, nodes and routes, and every builder's active remote-access sessions
 * ("Sessões", main API) and the WireGuard hubs they go through ("Hubs"), in five tabs. The tab lives in the URL (`?tab=`,
 * "Usuários" when absent); each tab's list keeps its search, filters, sort and page there too, and leaving a tab
 * leaves its list behind.
 */
export default function VpnScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));

  const select = (value: string) => {
    const next = tabOf(value);
    if (next === tab) return;
    setSearchParams(next === 'usuarios' ? new URLSearchParams() : new URLSearchParams({ tab: next }));
  };

  return (
    <section>
      <PageHeader title="VPN" subtitle="Quem acessa as máquinas pela VPN, por quanto tempo, e os nós, rotas e hubs que levam até elas." />
      <Tabs value={tab} onValueChange={select}>
        <TabsList aria-label="Seções da VPN">
          {TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="usuarios">
          <UsersTab />
        </TabsContent>
        <TabsContent value="nos">
          <NodesTab />
        </TabsContent>
        <TabsContent value="rotas">
          <RoutesTab />
        </TabsContent>
        <TabsContent value="sessoes">
          <SessionsTab />
        </TabsContent>
        <TabsContent value="hubs">
          <HubsTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
