import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppContext } from './app/app-context';
import { bootstrap } from './app/bootstrap';
import { createAppStore } from './store/app-store';
import { connectApi } from './transport/connect-api';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

async function start(): Promise<void> {
  try {
    const conn = await connectApi();
    const store = createAppStore(conn.api);
    conn.onClose(() => store.getState().setConnection('closed'));
    await bootstrap(conn.api, store);
    performance.mark('glassbox:bootstrapped');
    root.render(
      <AppContext.Provider value={{ api: conn.api, store }}>
        <App />
      </AppContext.Provider>,
    );
  } catch (err) {
    root.render(
      <div className="fatal" role="alert" data-testid="fatal">
        <h2>Glassbox could not start this window</h2>
        <p>{(err as Error).message}</p>
        <p>If you use the browser UI, check that <code>glassbox web</code> is running and open the URL it printed.</p>
      </div>,
    );
  }
}

void start();
