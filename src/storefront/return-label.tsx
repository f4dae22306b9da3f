"use client"
/*
 * The order page's return documents: each document path fetched with `client.fetchOrderDocument` (the
 * store route checks ownership again and streams the carrier's file); shipments loaded by
 * order-shipments.tsx, texts from after-sale-texts.ts.
 */
import { useEffect, useState } from "react"
import { storeErrorText, toStoreError, type AfterSaleTexts, type NordicParcelClient, type NordicParcelStoreError, type OrderAccess, type OrderShipment } from "./core"
import { useOrderPage, type OrderPageProps } from "./order-shipments"

export type ReturnLabelPart = "return" | "heading" | "download" | "qrCodes" | "qrCode" | "instructions" | "empty" | "status"

export type ReturnLabelProps = OrderPageProps<ReturnLabelPart> & {
  /** Fetches the documents (and the shipments, when they are not given) as the order's shopper. */
  client: NordicParcelClient
  orderId: string
}

/**
 * What the shopper sends a parcel back with: for each return of the order (a return booked from
 * the store or by the merchant, or the free return booked with the parcel) a button that downloads
 * the label PDF, and the QR codes to show at the pickup point instead of printing. The documents
 * come through the store (the carrier's links never reach the browser). Renders nothing once
 * loaded when the order has no return.
 */
export function ReturnLabel(props: ReturnLabelProps) {
  const { client, className, classNames: cn = {} } = props
  const { t, shipments, pending } = useOrderPage(props, "returnHeading")
  if (!shipments) return pending
  const returns = shipments.filter((shipment) => shipment.return_label)
  if (returns.length === 0) return null
  return (
    <section className={className} aria-label={t.returnHeading}>
      {returns.map((shipment) => (
        <ReturnDocuments key={shipment.id} client={client} access={props.access} shipment={shipment} t={t} cn={cn} />
      ))}
    </section>
  )
}

function ReturnDocuments({
  client,
  access,
  shipment,
  t,
  cn,
}: {
  client: NordicParcelClient
  access: OrderAccess | null | undefined
  shipment: OrderShipment
  t: AfterSaleTexts
  cn: Partial<Record<ReturnLabelPart, string>>
}) {
  const label = shipment.return_label!
  const [error, setError] = useState<NordicParcelStoreError>()
  const [downloading, setDownloading] = useState(false)
  const qrCodes = useDocumentUrls(client, access, label.qr_code_paths, setError)

  const download = async () => {
    if (!label.label_path) return
    setError(undefined)
    setDownloading(true)
    try {
      const url = URL.createObjectURL(await client.fetchOrderDocument(label.label_path, { access }))
      const link = document.createElement("a")
      link.href = url
      link.download = `return-${label.consignment_number}.pdf`
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    } catch (failure) {
      setError(toStoreError(failure))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <div className={cn.return} data-consignment={label.consignment_number}>
      <h3 className={cn.heading}>
        {t.returnHeading}: {t.shipmentNumber} {label.consignment_number}
      </h3>
      {label.label_path && (
        <button type="button" className={cn.download} onClick={download} disabled={downloading} aria-busy={downloading}>
          {downloading ? t.loading : t.downloadLabel}
        </button>
      )}
      {label.qr_code_paths.length > 0 && (
        <>
          <p className={cn.instructions}>{t.qrInstructions}</p>
          <div className={cn.qrCodes}>
            {label.qr_code_paths.map((path, index) =>
              qrCodes[index] ? (
                <img key={path} className={cn.qrCode} src={qrCodes[index]} alt={t.qrCodeAlt(index + 1, label.qr_code_paths.length)} />
              ) : null
            )}
          </div>
        </>
      )}
      {error && (
        <p className={cn.status} role="alert" data-error-kind={error.kind}>
          {storeErrorText(error, t)}
        </p>
      )}
    </div>
  )
}

/** Object URLs of the documents at `paths`, fetched once each, released when the component goes. */
function useDocumentUrls(
  client: NordicParcelClient,
  access: OrderAccess | null | undefined,
  paths: string[],
  onError: (error: NordicParcelStoreError) => void
): (string | undefined)[] {
  const [urls, setUrls] = useState<(string | undefined)[]>([])
  const key = paths.join("\n")
  const accessKey = access ? JSON.stringify(access) : ""
  useEffect(() => {
    const controller = new AbortController()
    const made: string[] = []
    setUrls([])
    paths.forEach((path, index) => {
      client.fetchOrderDocument(path, { signal: controller.signal, access }).then(
        (blob) => {
          if (controller.signal.aborted) return
          const url = URL.createObjectURL(blob)
          made.push(url)
          setUrls((current) => Object.assign([...current], { [index]: url }))
        },
        (failure) => !controller.signal.aborted && onError(toStoreError(failure))
      )
    })
    return () => {
      controller.abort()
      made.forEach((url) => URL.revokeObjectURL(url))
    }
    // The paths' text is the dependency: a new array with the same paths loads nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key, accessKey])
  return urls
}
