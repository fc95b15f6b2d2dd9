import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { RequireAdmin, RequireAuth } from "./components/guards";
import { Layout } from "./components/Layout";
import { trpc } from "./lib/trpc";
import { DashboardPage } from "./pages/DashboardPage";
import { HomePage } from "./pages/HomePage";
import { LoginPage } from "./pages/LoginPage";
import { ManualPaymentPage } from "./pages/payment/ManualPaymentPage";
import { PaymentFailedPage } from "./pages/payment/PaymentFailedPage";
import { PaymentPage } from "./pages/payment/PaymentPage";
import { PaymentSuccessPage } from "./pages/payment/PaymentSuccessPage";
import { RegisterPage } from "./pages/RegisterPage";
import { AboutPage } from "./pages/static/AboutPage";
import { ContactPage } from "./pages/static/ContactPage";
import { FeaturesPage } from "./pages/static/FeaturesPage";
import { PricingPage } from "./pages/static/PricingPage";
import { PrivacyPage } from "./pages/static/PrivacyPage";
import { TermsPage } from "./pages/static/TermsPage";

/** The admin panel is its own package, loaded only when an admin opens it. */
const AdminPage = lazy(() => import("@wr/admin"));

/** The routes of SPEC.md §2 with their guards; any other path goes to /. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/login", element: <LoginPage /> },
      { path: "/register", element: <RegisterPage /> },
      { path: "/features", element: <FeaturesPage /> },
      { path: "/pricing", element: <PricingPage /> },
      { path: "/about", element: <AboutPage /> },
      { path: "/contact", element: <ContactPage /> },
      { path: "/privacy", element: <PrivacyPage /> },
      { path: "/terms", element: <TermsPage /> },
      {
        path: "/dashboard",
        element: (
          <RequireAuth>
            <DashboardPage />
          </RequireAuth>
        ),
      },
      {
        path: "/payment",
        element: (
          <RequireAuth>
            <PaymentPage />
          </RequireAuth>
        ),
      },
      { path: "/payment-success", element: <PaymentSuccessPage /> },
      { path: "/payment-failed", element: <PaymentFailedPage /> },
      {
        path: "/payment/manual",
        element: (
          <RequireAuth>
            <ManualPaymentPage />
          </RequireAuth>
        ),
      },
      {
        path: "/admin",
        element: (
          <RequireAdmin>
            <Suspense fallback={<p className="p-8 text-center text-slate-500">Loading…</p>}>
              <AdminPage client={trpc} />
            </Suspense>
          </RequireAdmin>
        ),
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
