import { colorize } from './code-colorizer';

/**
 * Gives each fenced code block in rendered Markdown a Copy button and, when the fence names a
 * language, Monaco's colours (its colorizer escapes the text itself; the sanitized Markdown is
 * never re-parsed). Returns a cleanup that stops pending colouring.
 */
export function enhanceCodeBlocks(root: HTMLElement): () => void {
  let live = true;
  for (const code of root.querySelectorAll<HTMLElement>('pre > code')) {
    const pre = code.parentElement as HTMLElement;
    if (pre.dataset.enhanced) continue;
    pre.dataset.enhanced = '1';
    const text = code.textContent ?? '';
    const wrap = document.createElement('div');
    wrap.className = 'code-block';
    wrap.dataset.testid = 'md-code-block';
    pre.replaceWith(wrap);
    wrap.appendChild(pre);
    const button = document.createElement('button');
    button.className = 'copy-button';
    button.type = 'button';
    button.textContent = 'Copy';
    button.dataset.testid = 'copy-code';
    button.addEventListener('click', () => {
      void navigator.clipboard?.writeText(text).then(() => {
        button.textContent = 'Copied';
        setTimeout(() => (button.textContent = 'Copy'), 1200);
      });
    });
    wrap.insertBefore(button, pre);
    const lang = /(?:^|\s)language-([\w+#.-]+)/.exec(code.className)?.[1];
    if (!lang) continue;
    void colorize(text, lang).then((html) => {
      if (!live || html === null || !code.isConnected) return;
      code.innerHTML = html;
      code.dataset.colored = 'true';
    });
  }
  return () => {
    live = false;
  };
}
