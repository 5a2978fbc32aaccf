// spec §4 "The token is kept in a cookie, or in local storage in a client app".
const TOKEN_KEY = 'token';

export interface TokenStorage {
  read(): string | null;
  write(token: string): void;
  clear(): void;
}

export function cookieTokenStorage(doc: Document = document): TokenStorage {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  return {
    read() {
      for (const part of doc.cookie.split(';')) {
        const [name, ...rest] = part.trim().split('=');
        if (name === TOKEN_KEY) return decodeURIComponent(rest.join('=')) || null;
      }
      return null;
    },
    write(token) {
      doc.cookie = `${TOKEN_KEY}=${encodeURIComponent(token)}; Path=/; SameSite=Strict${secure}`;
    },
    clear() {
      doc.cookie = `${TOKEN_KEY}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
    },
  };
}

export function localTokenStorage(storage: Storage = localStorage): TokenStorage {
  return {
    read: () => storage.getItem(TOKEN_KEY),
    write: (token) => storage.setItem(TOKEN_KEY, token),
    clear: () => storage.removeItem(TOKEN_KEY),
  };
}
