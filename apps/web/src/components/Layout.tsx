import { Link, NavLink, Outlet } from "react-router";
import { useSession } from "../lib/session";

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-600 hover:text-slate-900"}`;

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

function Header() {
  const { user, signOut } = useSession();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <span
            aria-hidden="true"
            className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white"
          >
            ✦
          </span>
          Watermark Remover
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to="/features" className={navLink}>
            Features
          </NavLink>
          <NavLink to="/pricing" className={navLink}>
            Pricing
          </NavLink>
          <NavLink to="/about" className={navLink}>
            About
          </NavLink>
        </nav>
        <div className="flex items-center gap-2">
          {user ? (
            <>
              <span
                className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700"
                title="Credits: unlimited"
                data-testid="credits"
              >
                <span aria-hidden="true">∞</span>
                <span className="sr-only">Unlimited credits</span>
              </span>
              <Link
                to="/dashboard"
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                Dashboard
              </Link>
              {user.role === "admin" && (
                <Link
                  to="/admin"
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
                >
                  Admin
                </Link>
              )}
              <button
                type="button"
                onClick={signOut}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                Logout
              </button>
            </>
          ) : (
            <>
              <Link
                to="/login"
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                Login
              </Link>
              <Link
                to="/register"
                className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Sign Up
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function Footer() {
  const links = [
    ["/features", "Features"],
    ["/pricing", "Pricing"],
    ["/about", "About"],
    ["/contact", "Contact"],
    ["/privacy", "Privacy"],
    ["/terms", "Terms"],
  ] as const;
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getFullYear()} Watermark Remover</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-4 gap-y-2">
          {links.map(([to, label]) => (
            <Link key={to} to={to} className="hover:text-slate-900">
              {label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
