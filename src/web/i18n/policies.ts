// The policies pages (product §2.23): the cancellation and refund policy (decisions 046, 095), the
// terms of service and the privacy notice (aviso de privacidad, Mexico's LFPDPPP), as structured text
// the screen draws (routes/policies.tsx). Written for Barrio as the code works: what it keeps is in
// src/server/db/schema, the contacts rules in decisions 019 and 037. Change a rule and its text
// together, and the date with them. Both languages have the same sections in the same order
// (checked by i18n.test.ts); the numbers come from shared/constants.ts through interpolation:
// {{changeHours}}, {{answerHours}}, {{targetHours}}, {{paymentHours}}, {{email}}, {{supportEmail}}.

/** A paragraph, or a bulleted list. */
export type PolicyBlock = string | { items: string[] };

// Type aliases, not interfaces: i18next's typed keys walk into a type only when it has an implicit
// index signature, which interfaces lack.
export type PolicySection = {
  heading: string;
  blocks: PolicyBlock[];
};

export type Policy = {
  title: string;
  summary: string;
  sections: PolicySection[];
};

export type PoliciesStrings = {
  /** The index of the three policies at the top of each. */
  index: string;
  updated: string;
  /** Said only where the text is a translation (English): which version prevails. */
  translationNote: string;
  cancellation: Policy;
  terms: Policy;
  privacy: Policy;
};

export const policiesEsMX: PoliciesStrings = {
  index: 'Políticas de Barrio',
  updated: 'Última actualización: 7 de diciembre de 2026',
  translationNote: '',
  cancellation: {
    title: 'Política de cancelación y reembolsos',
    summary:
      'Cómo cancelar o cambiar una reserva, cuánto cuesta y cuándo vuelve tu dinero. Cada proveedor elige una de tres políticas de cancelación, que ves en su perfil y antes de reservar; tu reserva conserva la que tenía al hacerla.',
    sections: [
      {
        heading: 'Cómo avanza una reserva',
        blocks: [
          'Solicitas un horario sin pagar nada. El proveedor responde normalmente en {{targetHours}} horas y a más tardar {{answerHours}} horas después de tu solicitud, nunca después de la hora del servicio.',
          'Si confirma un servicio con precio, te enviamos un enlace de pago con tarjeta y tienes {{paymentHours}} horas para pagar, nunca después del inicio. Un servicio gratuito queda confirmado sin pago.',
        ],
      },
      {
        heading: 'Cancelar sin costo',
        blocks: [
          'Hasta {{changeHours}} horas antes del inicio puedes cancelar en línea, desde tu página de reserva, sin pagar nada:',
          {
            items: [
              'una solicitud que espera la respuesta del proveedor;',
              'una reserva confirmada que aún no pagas: no se hace ningún cargo y el enlace de pago se cierra;',
              'un servicio gratuito confirmado.',
            ],
          },
          'Si aún no pagas, también basta con no pagar: la reserva se cancela sola al terminar el plazo de pago, sin cargo.',
        ],
      },
      {
        heading: 'Cancelar una reserva pagada',
        blocks: [
          'Lo que te devolvemos a la misma tarjeta depende de la política de cancelación de tu reserva y de cuánto falte para el inicio:',
          {
            items: [
              'Flexible: el importe completo si cancelas al menos {{changeHours}} horas antes.',
              'Moderada: el importe completo si cancelas más de 48 horas antes; la mitad (redondeada a la baja al centavo) entre 48 y {{changeHours}} horas antes; nada después.',
              'Estricta: el importe completo si cancelas más de 72 horas antes; nada después.',
            ],
          },
          'Con las políticas Moderada y Estricta puedes cancelar en línea hasta el inicio, aunque ya no haya reembolso. Si no llegas a tu cita, no se reembolsa nada. Antes de cancelar, tu página de reserva te dice cuánto recibirás.',
          'El reembolso se inicia en cuanto cancelas. Según tu banco, se refleja en tu estado de cuenta en 5 a 10 días hábiles. Te avisamos por correo, y tu página de reserva muestra el reembolso «en camino» y después la fecha en que se hizo.',
        ],
      },
      {
        heading: 'Menos de {{changeHours}} horas antes',
        blocks: [
          'Ya no se puede cambiar la reserva en línea, ni cancelarla con la política Flexible. Tu página de reserva te ofrece escribirle al proveedor por WhatsApp: solo el proveedor puede aceptar un cambio tardío.',
          'Si el proveedor acepta cancelar una reserva pagada, escríbenos a {{supportEmail}} con el código de la reserva para tramitar el reembolso.',
        ],
      },
      {
        heading: 'Cambiar la fecha o la hora',
        blocks: [
          'Con la misma regla: hasta {{changeHours}} horas antes del inicio eliges en tu página de reserva otro horario libre del mismo servicio. La reserva conserva su estado, su importe y su plazo de pago; una reserva sin pagar solo puede pasar a una hora posterior a ese plazo.',
        ],
      },
      {
        heading: 'Cancelaciones y reembolsos automáticos',
        blocks: [
          {
            items: [
              'Solicitud sin respuesta: si el proveedor no responde en {{answerHours}} horas (o antes del inicio), la solicitud caduca, el horario se libera y te avisamos por correo con proveedores parecidos.',
              'Reserva sin pagar: si no pagas dentro de las {{paymentHours}} horas siguientes a la confirmación, la reserva se cancela sola y no se hace ningún cargo.',
              'Pago tardío: si un pago llega cuando la reserva ya estaba cancelada o su plazo había terminado, lo reembolsamos completo y automáticamente.',
            ],
          },
        ],
      },
      {
        heading: 'Si el proveedor rechaza o no presta el servicio',
        blocks: [
          'Si el proveedor rechaza tu solicitud, no pagas nada y te avisamos. Si un servicio que pagaste no se prestó, escríbenos a {{supportEmail}} con el código de la reserva: revisamos el caso y, si el servicio no se prestó, te devolvemos el importe completo.',
        ],
      },
      {
        heading: 'Dónde se hace todo',
        blocks: [
          'En tu página de reserva: su enlace viene en cada correo y mensaje sobre tu reserva y, si tienes cuenta, en tu Historial de trabajos. Quien tenga ese enlace puede cancelar la reserva, así que no lo compartas.',
        ],
      },
    ],
  },
  terms: {
    title: 'Términos del servicio',
    summary:
      'Las reglas para usar Barrio como cliente o como proveedor. Al solicitar una reserva o crear una cuenta aceptas estos términos.',
    sections: [
      {
        heading: 'Qué es Barrio',
        blocks: [
          'Barrio es un mercado en línea que conecta a personas en la Ciudad de México con proveedores independientes de servicios locales: limpieza, entrenamiento, clases, cuidado de mascotas, reparaciones y más.',
          'Barrio es un intermediario: no presta los servicios ni emplea a los proveedores. Cada servicio lo contratas con el proveedor, que es responsable de prestarlo, de su calidad y de cumplir las leyes que le apliquen.',
        ],
      },
      {
        heading: 'Cuentas',
        blocks: [
          {
            items: [
              'Para usar Barrio debes tener 18 años o más.',
              'Puedes solicitar reservas sin cuenta. Con una cuenta (correo y contraseña, enlace por correo o Google) ves tus reservas y tu perfil.',
              'Debes dar datos verdaderos y cuidar el acceso a tu cuenta; eres responsable de lo que se haga con ella.',
              'Los proveedores se registran con el asistente de alta. Nuestro equipo revisa cada solicitud y puede aprobarla o rechazarla; un perfil rechazado no se muestra.',
              'Podemos suspender o cerrar una cuenta, o retirar un perfil, que incumpla estos términos.',
            ],
          },
        ],
      },
      {
        heading: 'Reservas',
        blocks: [
          'Una solicitud aparta el horario mientras el proveedor responde: normalmente en {{targetHours}} horas y a más tardar en {{answerHours}}. El proveedor puede confirmarla o rechazarla; no está obligado a aceptarla. Las fechas y horas se muestran en la zona horaria del proveedor.',
          'Para evitar que alguien aparte horarios sin intención de usarlos, limitamos cuántas solicitudes abiertas puede tener una misma persona a la vez.',
        ],
      },
      {
        heading: 'Precios y pagos',
        blocks: [
          'Los precios están en pesos mexicanos (MXN) y los fija cada proveedor. Un servicio con precio 0 es gratuito y se confirma sin pago.',
          'Los servicios con precio se pagan con tarjeta a través de Stripe, nuestro procesador de pagos, con el enlace que recibes cuando el proveedor confirma; tienes {{paymentHours}} horas para pagar. Barrio no ve ni guarda los datos de tu tarjeta.',
        ],
      },
      {
        heading: 'Cancelaciones y reembolsos',
        blocks: [
          'Se rigen por nuestra Política de cancelación y reembolsos, que forma parte de estos términos.',
        ],
      },
      {
        heading: 'Conducta',
        blocks: [
          {
            items: [
              'Trata con respeto a clientes, proveedores y al equipo de Barrio.',
              'No hagas solicitudes falsas ni para bloquear la agenda de un proveedor.',
              'Usa los datos de contacto de la otra parte solo para la reserva.',
              'Proveedores: describan con veracidad sus servicios, precios, zonas y certificaciones, y respondan las solicitudes a tiempo.',
              'Clientes: den un nombre, un correo y, cuando se pida, una dirección correctos.',
              'No publiques contenido ilegal, engañoso u ofensivo ni intentes dañar o saturar la plataforma.',
            ],
          },
        ],
      },
      {
        heading: 'Bloqueos de proveedores',
        blocks: [
          'Un proveedor puede rechazar una solicitud y bloquear a quien la hizo. Desde entonces Barrio rechaza las solicitudes a ese proveedor que lleguen del mismo correo, del mismo teléfono o de la misma conexión. El bloqueo solo afecta a ese proveedor.',
        ],
      },
      {
        heading: 'Responsabilidad',
        blocks: [
          'Hacemos lo razonable para que Barrio funcione y su información sea correcta, pero no garantizamos que esté siempre disponible ni libre de errores.',
          'Como Barrio no presta los servicios, no responde por su calidad, su seguridad o su resultado, ni por los actos de clientes o proveedores. En todo caso, la responsabilidad de Barrio frente a ti se limita al importe que pagaste por la reserva de que se trate. Nada de esto limita los derechos que la Ley Federal de Protección al Consumidor te da.',
        ],
      },
      {
        heading: 'Cambios a estos términos',
        blocks: [
          'Podemos cambiar estos términos. Publicaremos la nueva versión en esta página con su fecha y, si el cambio es importante, lo avisaremos por correo a las cuentas antes de que aplique. Cada reserva sigue las reglas vigentes cuando la solicitaste.',
        ],
      },
      {
        heading: 'Ley aplicable y tribunales',
        blocks: [
          'Estos términos se rigen por las leyes de los Estados Unidos Mexicanos. Para cualquier controversia, las partes se someten a los tribunales competentes de la Ciudad de México, sin perjuicio de tu derecho a acudir a la Procuraduría Federal del Consumidor (Profeco).',
          'Dudas sobre estos términos: {{supportEmail}}.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Aviso de privacidad',
    summary:
      'Aviso de privacidad integral de Barrio, conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares (LFPDPPP): qué datos tratamos, para qué, con quién los compartimos y cómo ejercer tus derechos.',
    sections: [
      {
        heading: 'Responsable',
        blocks: [
          'Barrio, el mercado de servicios locales de la Ciudad de México, es responsable del tratamiento de tus datos personales. Para cualquier asunto de privacidad escríbenos a {{email}}.',
        ],
      },
      {
        heading: 'Datos que tratamos',
        blocks: [
          {
            items: [
              'Cuenta: nombre, correo electrónico, teléfono si lo agregas, la foto de tu cuenta de Google si entras con Google, tus categorías preferidas y tus preferencias de avisos.',
              'Reservas: el nombre, el correo, el teléfono (opcional) y las notas que escribes en cada solicitud; la dirección donde se hará el servicio, cuando se presta en tu domicilio; el servicio, la fecha, el importe, el estado y, si cancelas, el motivo que escribas.',
              'Pagos: el importe y las referencias del pago y de su reembolso. Los datos de tu tarjeta los recibe Stripe directamente; Barrio nunca los ve ni los guarda.',
              'Proveedores: nombre del negocio, teléfono de WhatsApp, correo, dirección del negocio, descripción, experiencia, categoría, zonas, idiomas, horarios y servicios, y los mensajes de WhatsApp que intercambian con Barrio; para pagarles, la CLABE y su titular; y sus datos fiscales (RFC, nombre o razón social, régimen fiscal, código postal fiscal y, si la dan, CURP), que solo ven el proveedor y los administradores de Barrio.',
              'Contactos, solo si los conectas: de los teléfonos y correos de tus contactos guardamos únicamente huellas HMAC-SHA256, de las que no se puede recuperar el número ni el correo; nunca nombres ni la lista. Puedes borrarlas cuando quieras en Configuración → Privacidad → «Eliminar mis datos de contactos».',
              'Conexión: con una solicitud de reserva guardamos solo una huella HMAC de la dirección IP de tu conexión, para limitar abusos y aplicar los bloqueos de proveedores. Si inicias sesión, tu sesión guarda la dirección IP y el navegador desde los que entraste, y unos contadores por dirección IP, de corta duración, frenan los intentos repetidos.',
            ],
          },
          'No pedimos datos sensibles. No escribas en las notas datos de salud u otros datos sensibles que el servicio no necesite.',
        ],
      },
      {
        heading: 'Para qué los usamos',
        blocks: [
          'Finalidades necesarias para el servicio que nos pides:',
          {
            items: [
              'crear y administrar tu cuenta e iniciar tu sesión;',
              'enviar tu solicitud al proveedor y gestionar la reserva: confirmación, pago, cambios, cancelación y reembolso;',
              'enviarte avisos de tus reservas por correo y, si diste tu teléfono, por WhatsApp, y enviar a los proveedores las solicitudes que reciben;',
              'revisar y publicar los perfiles de proveedores;',
              'pagar a los proveedores lo que ganan y cumplir las obligaciones fiscales que la ley impone a Barrio como plataforma digital: las retenciones de ISR e IVA y sus constancias;',
              'prevenir fraudes y abusos: límites de solicitudes, bloqueos y seguridad de las cuentas.',
            ],
          },
          'Finalidades secundarias: ninguna, salvo las que tú activas. Si conectas tus contactos, los usamos para recomendarte proveedores. Si activas «Mostrar a mis contactos que reservé con un proveedor» (apagado de inicio), tus reservas cuentan en las recomendaciones de quienes te tienen como contacto, solo en grupos de al menos 2 personas y nunca con tu nombre. Para negarte basta con no conectar tus contactos y dejar el interruptor apagado. No usamos tus datos para publicidad ni los vendemos.',
        ],
      },
      {
        heading: 'Con quién los compartimos',
        blocks: [
          {
            items: [
              'El proveedor que reservas recibe tu nombre, correo, teléfono, notas y dirección, para prestar el servicio.',
              'Stripe, para cobrar y reembolsar los pagos con tarjeta.',
              'Meta Platforms (WhatsApp), para enviar los mensajes de WhatsApp.',
              'Nuestro proveedor de correo electrónico, para enviar los correos.',
              'Google, solo si eliges entrar con Google: nos comparte tu nombre, tu correo y tu foto.',
              'El SAT, con los datos fiscales de los proveedores y lo que se les retuvo, como la ley lo exige a las plataformas digitales.',
              'Las autoridades, cuando una ley o una orden nos lo exija.',
            ],
          },
          'Stripe, Meta y el proveedor de correo tratan los datos por cuenta de Barrio y solo para esos fines; algunos están fuera de México. No hacemos transferencias que requieran tu consentimiento.',
        ],
      },
      {
        heading: 'Cookies y almacenamiento del navegador',
        blocks: [
          'Usamos una sola cookie, la de tu sesión, para mantenerte conectado (y, mientras entras con Google, una temporal de verificación). No usamos cookies de publicidad ni de analítica.',
          'Tu navegador guarda además tu idioma, el estado del permiso de contactos y, durante el alta de un proveedor, un borrador del formulario (nunca la contraseña). La app instalada guarda páginas para funcionar sin conexión.',
        ],
      },
      {
        heading: 'Tus derechos ARCO',
        blocks: [
          {
            items: [
              'Acceso: saber qué datos tuyos tenemos y cómo los usamos.',
              'Rectificación: corregirlos si son inexactos o están incompletos.',
              'Cancelación: pedir que los eliminemos.',
              'Oposición: negarte a que los usemos para un fin determinado.',
            ],
          },
          'Para ejercerlos escribe a {{email}}, de preferencia desde el correo de tu cuenta o el que usaste en tus reservas, con tu nombre, el derecho que ejerces, los datos de que se trata y lo que nos ayude a encontrarlos (por ejemplo, el código de una reserva). Si escribes desde otro correo o en nombre de otra persona, te pediremos acreditar tu identidad o la representación.',
          'Te responderemos en un máximo de 20 días hábiles desde que recibamos tu solicitud y, si procede, la haremos efectiva dentro de los 15 días hábiles siguientes. Conservaremos bloqueados, hasta su eliminación, los datos de reservas y pagos que la ley nos obligue a guardar.',
          'También puedes corregir tu nombre y tu teléfono en Mi perfil, y borrar tus datos de contactos en Configuración, en cualquier momento.',
        ],
      },
      {
        heading: 'Revocar tu consentimiento',
        blocks: [
          'Puedes revocar el consentimiento que nos diste escribiendo a {{email}}, con el mismo procedimiento. Para los contactos basta con borrar tus datos en Configuración y apagar el interruptor de compartir. Sin algunos datos, como tu correo, no podemos gestionar una reserva.',
        ],
      },
      {
        heading: 'Cambios a este aviso',
        blocks: [
          'Publicaremos cualquier cambio en esta página, con una nueva fecha de actualización. Si cambian las finalidades o con quién compartimos tus datos, lo avisaremos por correo a las cuentas y, cuando la ley lo pida, volveremos a pedir tu consentimiento.',
          'Si crees que tu derecho a la protección de datos fue vulnerado, puedes acudir a la autoridad de protección de datos personales.',
        ],
      },
    ],
  },
};

export const policiesEn: PoliciesStrings = {
  index: 'Barrio’s policies',
  updated: 'Last updated: December 7, 2026',
  translationNote: 'This English version is a translation for convenience; the Spanish version prevails.',
  cancellation: {
    title: 'Cancellation and refund policy',
    summary:
      'How to cancel or change a booking, what it costs and when your money comes back. Each vendor chooses one of three cancellation policies, shown on their profile and before you book; your booking keeps the one in force when you made it.',
    sections: [
      {
        heading: 'How a booking moves',
        blocks: [
          'You request a time without paying anything. The vendor usually answers within {{targetHours}} hours and at the latest {{answerHours}} hours after your request, never after the time of the service.',
          'If they confirm a paid service, we send you a card payment link and you have {{paymentHours}} hours to pay, never later than the start. A free service is confirmed without payment.',
        ],
      },
      {
        heading: 'Cancelling for free',
        blocks: [
          'Up to {{changeHours}} hours before the start you can cancel online, from your booking page, at no cost:',
          {
            items: [
              'a request waiting for the vendor’s answer;',
              'a confirmed booking you have not paid yet: nothing is charged and the payment link is closed;',
              'a confirmed free service.',
            ],
          },
          'If you have not paid yet, you can also simply not pay: the booking cancels itself when the payment window ends, at no charge.',
        ],
      },
      {
        heading: 'Cancelling a paid booking',
        blocks: [
          'What we refund to the same card depends on your booking’s cancellation policy and on how long before the start you cancel:',
          {
            items: [
              'Flexible: the whole amount if you cancel at least {{changeHours}} hours before.',
              'Moderate: the whole amount if you cancel more than 48 hours before; half (rounded down to the centavo) between 48 and {{changeHours}} hours before; nothing after.',
              'Strict: the whole amount if you cancel more than 72 hours before; nothing after.',
            ],
          },
          'Under Moderate and Strict you can cancel online until the start, even when nothing is refunded any more. If you do not come, nothing is refunded. Before you cancel, your booking page tells you how much you will get back.',
          'The refund starts as soon as you cancel. Depending on your bank, it shows on your statement within 5 to 10 business days. We tell you by email, and your booking page shows the refund as “on its way”, then the date it was made.',
        ],
      },
      {
        heading: 'Less than {{changeHours}} hours before',
        blocks: [
          'The booking can no longer be changed online, nor cancelled under the Flexible policy. Your booking page offers to message the vendor on WhatsApp: only the vendor can agree to a late change.',
          'If the vendor agrees to cancel a paid booking, write to {{supportEmail}} with the booking code and we will arrange the refund.',
        ],
      },
      {
        heading: 'Changing the date or time',
        blocks: [
          'The same rule applies: up to {{changeHours}} hours before the start you pick another open time of the same service on your booking page. The booking keeps its status, its amount and its payment deadline; an unpaid booking can only move to a time after that deadline.',
        ],
      },
      {
        heading: 'Automatic cancellations and refunds',
        blocks: [
          {
            items: [
              'Unanswered request: if the vendor does not answer within {{answerHours}} hours (or before the start), the request expires, the time is freed and we email you with similar vendors.',
              'Unpaid booking: if you do not pay within {{paymentHours}} hours of the confirmation, the booking cancels itself and nothing is charged.',
              'Late payment: if a payment arrives after the booking was cancelled or its deadline passed, we refund it in full, automatically.',
            ],
          },
        ],
      },
      {
        heading: 'If the vendor declines or does not provide the service',
        blocks: [
          'If the vendor declines your request, you pay nothing and we let you know. If a service you paid for was not provided, write to {{supportEmail}} with the booking code: we review the case and, if the service was not provided, refund the whole amount.',
        ],
      },
      {
        heading: 'Where it all happens',
        blocks: [
          'On your booking page: its link comes in every email and message about your booking and, with an account, in your Job History. Whoever holds that link can cancel the booking, so do not share it.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of service',
    summary:
      'The rules for using Barrio as a customer or as a vendor. By requesting a booking or creating an account you accept these terms.',
    sections: [
      {
        heading: 'What Barrio is',
        blocks: [
          'Barrio is an online marketplace that connects people in Mexico City with independent local service vendors: cleaning, training, tutoring, pet care, repairs and more.',
          'Barrio is an intermediary: it does not provide the services and does not employ the vendors. You book each service with the vendor, who is responsible for providing it, for its quality and for complying with the laws that apply to them.',
        ],
      },
      {
        heading: 'Accounts',
        blocks: [
          {
            items: [
              'You must be 18 or older to use Barrio.',
              'You can request bookings without an account. With an account (email and password, an emailed link, or Google) you see your bookings and your profile.',
              'You must give true information and keep access to your account safe; you are responsible for what is done with it.',
              'Vendors sign up with the signup wizard. Our team reviews each application and may approve or reject it; a rejected profile is not shown.',
              'We may suspend or close an account, or remove a profile, that breaks these terms.',
            ],
          },
        ],
      },
      {
        heading: 'Bookings',
        blocks: [
          'A request holds the time while the vendor answers: usually within {{targetHours}} hours and at the latest within {{answerHours}}. The vendor may confirm or decline it and is not obliged to accept it. Dates and times are shown in the vendor’s timezone.',
          'So that nobody holds times they do not mean to use, we limit how many open requests one person can have at once.',
        ],
      },
      {
        heading: 'Prices and payments',
        blocks: [
          'Prices are in Mexican pesos (MXN) and each vendor sets their own. A service priced at 0 is free and is confirmed without payment.',
          'Paid services are paid by card through Stripe, our payment processor, with the link you receive when the vendor confirms; you have {{paymentHours}} hours to pay. Barrio never sees or stores your card details.',
        ],
      },
      {
        heading: 'Cancellations and refunds',
        blocks: ['They follow our Cancellation and refund policy, which is part of these terms.'],
      },
      {
        heading: 'Conduct',
        blocks: [
          {
            items: [
              'Treat customers, vendors and the Barrio team with respect.',
              'Do not make fake requests, or requests meant to block a vendor’s calendar.',
              'Use the other side’s contact details only for the booking.',
              'Vendors: describe your services, prices, areas and certifications truthfully, and answer requests on time.',
              'Customers: give a correct name, email and, when asked, address.',
              'Do not post illegal, misleading or offensive content, or try to harm or overload the platform.',
            ],
          },
        ],
      },
      {
        heading: 'Vendor blocks',
        blocks: [
          'A vendor may decline a request and block whoever made it. From then on Barrio refuses requests to that vendor from the same email, the same phone or the same connection. The block only concerns that vendor.',
        ],
      },
      {
        heading: 'Liability',
        blocks: [
          'We do what is reasonable to keep Barrio working and its information correct, but we do not guarantee that it is always available or free of errors.',
          'As Barrio does not provide the services, it is not liable for their quality, safety or outcome, nor for what customers or vendors do. In any case, Barrio’s liability to you is limited to the amount you paid for the booking concerned. Nothing here limits your rights under Mexico’s Federal Consumer Protection Law.',
        ],
      },
      {
        heading: 'Changes to these terms',
        blocks: [
          'We may change these terms. We will publish the new version on this page with its date and, if the change is significant, tell account holders by email before it applies. Each booking follows the rules in force when you requested it.',
        ],
      },
      {
        heading: 'Governing law and courts',
        blocks: [
          'These terms are governed by the laws of the United Mexican States. For any dispute, the parties submit to the competent courts of Mexico City, without prejudice to your right to go to the Federal Consumer Protection Agency (Profeco).',
          'Questions about these terms: {{supportEmail}}.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy notice',
    summary:
      'Barrio’s full privacy notice under Mexico’s Federal Law on the Protection of Personal Data Held by Private Parties (LFPDPPP): what data we process, what for, who we share it with and how to exercise your rights.',
    sections: [
      {
        heading: 'Who is responsible',
        blocks: [
          'Barrio, the local services marketplace of Mexico City, is responsible for processing your personal data. For any privacy matter write to {{email}}.',
        ],
      },
      {
        heading: 'The data we process',
        blocks: [
          {
            items: [
              'Account: name, email, phone if you add it, your Google account’s photo if you sign in with Google, your preferred categories and your notification preferences.',
              'Bookings: the name, email, phone (optional) and notes you write in each request; the address where the service happens, when it is done at your place; the service, date, amount, status and, if you cancel, the reason you write.',
              'Payments: the amount and the references of the payment and its refund. Stripe receives your card details directly; Barrio never sees or stores them.',
              'Vendors: business name, WhatsApp phone, email, business address, bio, experience, category, areas, languages, schedule and services, and the WhatsApp messages they exchange with Barrio; to pay them, the CLABE and its holder; and their tax details (RFC, name or company name, tax regime, tax postal code and, if given, CURP), which only the vendor and Barrio’s administrators see.',
              'Contacts, only if you connect them: of your contacts’ phones and emails we keep only HMAC-SHA256 fingerprints, from which the number or email cannot be recovered; never names, never the list. You can delete them at any time in Settings → Privacy → “Delete my contacts data”.',
              'Connection: with a booking request we keep only an HMAC fingerprint of your connection’s IP address, to limit abuse and apply vendor blocks. If you sign in, your session keeps the IP address and browser you signed in from, and short-lived counters per IP address slow down repeated attempts.',
            ],
          },
          'We do not ask for sensitive data. Do not write health or other sensitive data the service does not need in the notes.',
        ],
      },
      {
        heading: 'What we use it for',
        blocks: [
          'Purposes needed for the service you ask us for:',
          {
            items: [
              'creating and managing your account and signing you in;',
              'sending your request to the vendor and managing the booking: confirmation, payment, changes, cancellation and refund;',
              'sending you updates about your bookings by email and, if you gave your phone, by WhatsApp, and sending vendors the requests they receive;',
              'reviewing and publishing vendor profiles;',
              'paying vendors what they earn and meeting the tax duties the law places on Barrio as a digital platform: the ISR and IVA withholdings and their certificates;',
              'preventing fraud and abuse: request limits, blocks and account security.',
            ],
          },
          'Secondary purposes: none, except those you switch on. If you connect your contacts, we use them to recommend vendors to you. If you switch on “Let my contacts see that I booked a vendor” (off by default), your bookings count in the recommendations of people who have you as a contact, only in groups of at least 2 people and never with your name. To refuse, simply do not connect your contacts and leave the switch off. We do not use your data for advertising and we do not sell it.',
        ],
      },
      {
        heading: 'Who we share it with',
        blocks: [
          {
            items: [
              'The vendor you book receives your name, email, phone, notes and address, to provide the service.',
              'Stripe, to charge and refund card payments.',
              'Meta Platforms (WhatsApp), to send WhatsApp messages.',
              'Our email provider, to send emails.',
              'Google, only if you choose to sign in with Google: it shares your name, email and photo with us.',
              'SAT (Mexico’s tax authority), with vendors’ tax details and what was withheld from them, as the law requires of digital platforms.',
              'Authorities, when a law or an order requires it.',
            ],
          },
          'Stripe, Meta and the email provider process the data on Barrio’s behalf and only for those purposes; some of them are outside Mexico. We make no transfers that require your consent.',
        ],
      },
      {
        heading: 'Cookies and browser storage',
        blocks: [
          'We use a single cookie, your session’s, to keep you signed in (and, while you sign in with Google, a temporary one to check the sign-in). We use no advertising or analytics cookies.',
          'Your browser also keeps your language, the state of the contacts permission and, during a vendor signup, a draft of the form (never the password). The installed app keeps pages so that it works offline.',
        ],
      },
      {
        heading: 'Your ARCO rights',
        blocks: [
          {
            items: [
              'Access: know what data of yours we hold and how we use it.',
              'Rectification: correct it if it is inaccurate or incomplete.',
              'Cancellation: ask us to delete it.',
              'Opposition: refuse its use for a specific purpose.',
            ],
          },
          'To exercise them write to {{email}}, preferably from your account’s email or the one you used for your bookings, with your name, the right you are exercising, the data concerned and anything that helps us find it (a booking code, for example). If you write from another address or on someone else’s behalf, we will ask you to prove your identity or your authority.',
          'We will answer within 20 business days of receiving your request and, where it applies, carry it out within the following 15 business days. Booking and payment data the law requires us to keep stays blocked until it can be deleted.',
          'You can also correct your name and phone in My Profile, and delete your contacts data in Settings, at any time.',
        ],
      },
      {
        heading: 'Revoking your consent',
        blocks: [
          'You can revoke the consent you gave us by writing to {{email}}, the same way. For contacts, deleting your data in Settings and switching sharing off is enough. Without some data, such as your email, we cannot handle a booking.',
        ],
      },
      {
        heading: 'Changes to this notice',
        blocks: [
          'We will publish any change on this page with a new update date. If the purposes or the people we share your data with change, we will tell account holders by email and, where the law requires it, ask for your consent again.',
          'If you believe your right to data protection has been infringed, you may go to the personal data protection authority.',
        ],
      },
    ],
  },
};
