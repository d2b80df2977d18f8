import './lib/zod-jitless';
import './base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginForm } from './features/auth/LoginForm';
import { tokenStore } from './lib/token-store';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root missing');
const root = createRoot(rootElement);

const loadApp = () => import('./app/App');

function showApp() {
  void loadApp().then(({ App }) =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// Someone opening /login without a session sees the light login screen at once; the admin (UI kit, routes) loads
// when they start typing and takes over after they log in (docs/decisions/0012). Every other address is the admin.
if (window.location.pathname === '/login' && !tokenStore.get()) {
  root.render(
    <StrictMode>
      <LoginForm
        onIntent={() => void loadApp()}
        onLoggedIn={() => {
          window.history.replaceState(null, '', '/');
          showApp();
        }}
      />
    </StrictMode>,
  );
} else {
  showApp();
}
