import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppContext } from './store/app-context';
import { connectWindow } from './store/connect-window';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

async function start(): Promise<void> {
  try {
    const store = await connectWindow();
    performance.mark('glassbox:bootstrapped');
    root.render(
      <AppContext.Provider value={{ store }}>
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
