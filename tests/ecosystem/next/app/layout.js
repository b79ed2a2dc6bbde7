// The page's icon is empty: Chromium asks for /favicon.ico otherwise, a 404 the check would see.
export default function RootLayout({ children }) {
  return <html><head><link rel="icon" href="data:," /></head><body>{children}</body></html>;
}
