import { createRoot } from 'react-dom/client';

function App() {
  return <h1>Glassbox</h1>;
}

createRoot(document.getElementById('root')!).render(<App />);
